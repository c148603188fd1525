// waygate-fuzz: libFuzzer targets for Waygate's decoders of outside input. Built only by
// `make fuzz` / `make fuzz-smoke` with `-sanitize=fuzzer,address -DFUZZING`; the target is
// chosen by WAYGATE_FUZZ_TARGET (see FuzzTarget). A plain build links a stub that says so.
#if FUZZING
import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

let name = getenv("WAYGATE_FUZZ_TARGET").map { String(cString: $0) } ?? "nmea"
guard let selected = FuzzTarget(rawValue: name) else {
    print("waygate-fuzz: unknown WAYGATE_FUZZ_TARGET \(name); one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
    exit(2)
}
nonisolated(unsafe) let target = selected
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
})
#else
print("waygate-fuzz: build with -sanitize=fuzzer,address -Xswiftc -DFUZZING (make fuzz)")
#endif
