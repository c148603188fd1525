print("waygate-bench: no benchmarks yet")
