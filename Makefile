# Waygate — the README's two commands are `make run` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := libgps-dev libserialport-dev zlib1g-dev gpsd gpsd-clients gpsd-tools socat pkg-config python3-gps \
  libespeak-ng-dev libsystemd-dev dbus-daemon sox \
  libmicrohttpd-dev libjs-leaflet chromium libcairo2-dev curl \
  libmosquitto-dev mosquitto mosquitto-clients openssl python3-pyosmium
WAYGATE_TEST_DIR ?= /tmp/waygate-test
export WAYGATE_TEST_DIR

.PHONY: deps build test run bench hot-path-order layering imports clean-test-leftovers fuzz fuzz-build fuzz-smoke test-asan test-tsan sanitizer-build sanitizer-run soak

## deps: install the Debian packages Waygate builds and tests against (only what is missing)
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  SUDO=$$( [ $$(id -u) -eq 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -Xswiftc -warnings-as-errors

## test: build with warnings as errors, check layering and imports, smoke-fuzz each libFuzzer target (5 s),
## then run every test (real ptys, gpsd, mosquitto, D-Bus, headless Chromium, sockets).
## Tests run one at a time: many wait on real processes, and in parallel they starved each other
## on the 2-thread cooperative pool (the whole suite takes as long either way, ~3 min).
test: deps layering imports
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	@$(MAKE) --no-print-directory fuzz-smoke
	@$(MAKE) --no-print-directory clean-test-leftovers
	timeout -k 10 1200 $(SWIFT) test --skip-build --disable-xctest --no-parallel; rc=$$?; \
	  $(MAKE) --no-print-directory clean-test-leftovers; exit $$rc

## run: build, plan a drive across Milan on the bundled map, simulate it with guidance and show it live
## (Ctrl-C stops both; gpsd clients can follow on 127.0.0.1:$(DEMO_GPSD_PORT), e.g. `cgps localhost:$(DEMO_GPSD_PORT)`)
DEMO_SOCKET ?= /tmp/waygate-demo-$(shell id -u).sock
DEMO_ROUTE ?= /tmp/waygate-demo-$(shell id -u).route.json
DEMO_GPSD_PORT ?= 2948
DEMO_HTTP_PORT ?= 8080
DEMO_MAP ?= traces/maps/milan.osm.pbf
run: build
	@echo "planning a route on $(DEMO_MAP) (the first run imports the map, later runs use its cache)…"
	@.build/debug/waygate route --map $(DEMO_MAP) --from 45.4642,9.1900 --to 45.4846,9.2045 --format osrm > $(DEMO_ROUTE)
	@.build/debug/waygate serve --map $(DEMO_MAP) --simulate $(DEMO_ROUTE) --guide $(DEMO_ROUTE) --speed-multiplier 2 \
	    --socket $(DEMO_SOCKET) --gpsd-listen 127.0.0.1:$(DEMO_GPSD_PORT) --http 127.0.0.1:$(DEMO_HTTP_PORT) & pid=$$!; \
	  trap "kill $$pid 2>/dev/null; wait $$pid 2>/dev/null" EXIT INT TERM; \
	  echo "live map: http://127.0.0.1:$(DEMO_HTTP_PORT)/ (open it in a browser)"; \
	  .build/debug/waygate watch --wait 120 --socket $(DEMO_SOCKET) location match progress instructions guidance session

bench: deps
	$(SWIFT) build -c release --product waygate-bench 2>/dev/null || $(SWIFT) build -c release --target waygate-bench
	.build/release/waygate-bench

## hot-path-order: renew Sources/waygate/hot-path.order, the functions a receiver's cycle runs, which the
## release link packs together (needs valgrind; docs/benchmarks.md, "The hot path packed together")
hot-path-order:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(APT_PACKAGES) valgrind"
	$(SWIFT) build -c release --product waygate
	scripts/hot-path-order --binary .build/release/waygate

## layering: the pure layers (0–2 except SystemIO) must not do I/O, start threads or read the clock (libm through Glibc is fine)
layering:
	@bad=$$(grep -rnE 'import (Dispatch|FoundationNetworking)|Date\(\)|Date\.now|ContinuousClock|SuspendingClock|FileManager|ProcessInfo|FileHandle|Thread\b|Glibc\.|\b(fopen|socket|usleep|nanosleep|clock_gettime|gettimeofday)\(' \
	  Sources/{Geodesy,Timekeeping,XMLScanning,Jobs,Positioning,RouteModel,RoadGraph,NMEA,GPSDProtocol,RouteFormats,WireProtocol,OSMImport,Guidance,Routing,MapMatching,Navigation,Simulation,Render} 2>/dev/null); \
	if [ -n "$$bad" ]; then echo "layering violations:"; echo "$$bad"; exit 1; fi; echo "layering ok"

## imports: every target imports exactly the package modules Package.swift declares for it
imports:
	@scripts/check-imports && echo "imports ok"

## clean-test-leftovers: kill processes a crashed test run left (pid files under $(WAYGATE_TEST_DIR)/pids)
clean-test-leftovers:
	@if [ -d $(WAYGATE_TEST_DIR)/pids ]; then for f in $(WAYGATE_TEST_DIR)/pids/*; do [ -e "$$f" ] || continue; kill -9 $$(basename $$f) 2>/dev/null; rm -f $$f; done; fi

## fuzz: run every libFuzzer target for FUZZ_SECONDS each (default 60) on corpora seeded from the
## fixtures and fuzz/seeds/TARGET; crashes land in .build-fuzz/crashes/ (turn each into a regression test).
## fuzz-smoke: the same for a few seconds each (cheap enough for `make test`).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= nmea routes gpx osm cache tables request json gpsd
FUZZ_BIN := .build-fuzz/release/waygate-fuzz
fuzz-build:
	@mkdir -p .build-fuzz
	$(SWIFT) build -c release --product waygate-fuzz --scratch-path .build-fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld > .build-fuzz/build.log 2>&1 || { grep -E "error" .build-fuzz/build.log; exit 1; }
	@test -x $(FUZZ_BIN)

fuzz: fuzz-build
	@mkdir -p .build-fuzz/crashes; rc=0; \
	for t in $(FUZZ_TARGETS); do \
	  corpus=.build-fuzz/corpus/$$t; mkdir -p $$corpus; \
	  cp -n fuzz/seeds/$$t/* $$corpus/ 2>/dev/null; \
	  maxlen=65536; case $$t in nmea) maxlen=4096;; gpsd) maxlen=8192;; cache|tables) maxlen=16384;; esac; \
	  case $$t in \
	    nmea) cp -n traces/nmea/*.nmea Tests/NMEATests/Fixtures/gpsd/* $$corpus/ 2>/dev/null;; \
	    routes|json) cp -n Tests/RouteFormatsTests/Fixtures/{osrm,mapbox,valhalla,geojson,jsonl}/* Tests/WaygateCLITests/Fixtures/*.geojson $$corpus/ 2>/dev/null;; \
	    gpx) cp -n Tests/RouteFormatsTests/Fixtures/gpx/* $$corpus/ 2>/dev/null;; \
	  esac; \
	  echo "== $$t ($(FUZZ_SECONDS) s)"; \
	  WAYGATE_FUZZ_TARGET=$$t SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN) \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=$$maxlen -timeout=10 -rss_limit_mb=3072 -print_final_stats=1 \
	    -artifact_prefix=.build-fuzz/crashes/$$t- $$corpus 2>&1 | grep -E "DONE|ERROR|SUMMARY" || true; \
	  ls .build-fuzz/crashes/$$t-* >/dev/null 2>&1 && { echo "$$t: crash found"; rc=1; }; \
	done; exit $$rc

fuzz-smoke:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=5

## test-asan / test-tsan: build the package and its tests with -sanitize=address / thread in their
## own scratch paths (.build-asan, .build-tsan; the `waygate` the tests start is instrumented too)
## and run SANITIZER_FILTER (default below) one test at a time. Every process writes its reports
## under .build-SAN/reports/ (log_path), so findings in daemons the tests start count as well; the
## target fails when a test fails or any report was written. Suppressions: scripts/sanitizers/.
## test-asan runs the whole suite; test-tsan the suites whose code runs threads, locks and
## async servers (the CLI suites mostly wait on processes, and 5-15x slower under TSan would not fit).
ASAN_FILTER ?= .
TSAN_FILTER ?= ServersTests|SystemIOTests|LocationSourcesTests|MQTTOutletTests|HTTPOutletTests|FleetTests|DriverAlertsTests|ServeCommandTests|ServeGPSDTests|ServeMQTTTests|ServeMapOnlyTests
test-asan:
	@$(MAKE) --no-print-directory sanitizer-build SAN=address DIR=.build-asan
	@$(MAKE) --no-print-directory sanitizer-run SAN=address DIR=.build-asan FILTER='$(ASAN_FILTER)'
test-tsan:
	@$(MAKE) --no-print-directory sanitizer-build SAN=thread DIR=.build-tsan
	@$(MAKE) --no-print-directory sanitizer-run SAN=thread DIR=.build-tsan FILTER='$(TSAN_FILTER)'
sanitizer-build:
	@mkdir -p $(DIR)
	$(SWIFT) build --build-tests --scratch-path $(DIR) --sanitize=$(SAN) -Xswiftc -warnings-as-errors > $(DIR)/build.log 2>&1 || { grep -E "error" $(DIR)/build.log; exit 1; }
sanitizer-run:
	@rm -rf $(DIR)/reports; mkdir -p $(DIR)/reports
	@$(MAKE) --no-print-directory clean-test-leftovers
	SWIFT_BACKTRACE=enable=no \
	ASAN_OPTIONS="log_path=$(CURDIR)/$(DIR)/reports/asan detect_leaks=1 abort_on_error=0" \
	LSAN_OPTIONS="suppressions=$(CURDIR)/scripts/sanitizers/lsan.supp print_suppressions=0" \
	TSAN_OPTIONS="log_path=$(CURDIR)/$(DIR)/reports/tsan halt_on_error=0 suppressions=$(CURDIR)/scripts/sanitizers/tsan.supp" \
	timeout -k 10 3600 $(SWIFT) test --skip-build --scratch-path $(DIR) --disable-xctest --no-parallel --filter '$(FILTER)'; rc=$$?; \
	  $(MAKE) --no-print-directory clean-test-leftovers; \
	  if ls $(DIR)/reports/* >/dev/null 2>&1; then echo "sanitizer reports:"; ls $(DIR)/reports; grep -h -E "^(SUMMARY|WARNING|ERROR)" $(DIR)/reports/* | sort | uniq -c; rc=1; fi; exit $$rc

## soak: the daemon for SOAK_SECONDS (default 600) under pty unplugs, gpsd and mosquitto restarts,
## SOAK_READERS reading clients (default 1000), idle clients and a stream of misbehaving short-lived
## clients; prints fds, threads and RSS at start, middle and end (SoakTests; `make test` runs it for
## 20 s with 48 readers).
SOAK_SECONDS ?= 600
SOAK_READERS ?= 1000
soak:
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	@$(MAKE) --no-print-directory clean-test-leftovers
	WAYGATE_SOAK_SECONDS=$(SOAK_SECONDS) WAYGATE_SOAK_READERS=$(SOAK_READERS) timeout -k 10 $$(( $(SOAK_SECONDS) + 600 )) $(SWIFT) test --skip-build --disable-xctest --filter SoakTests; rc=$$?; \
	  $(MAKE) --no-print-directory clean-test-leftovers; exit $$rc
