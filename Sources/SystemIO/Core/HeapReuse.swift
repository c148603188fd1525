import CWaygateSys

/// How this process's C heap (glibc's malloc) treats large blocks once freed. By default an
/// allocation of 128 KiB or more gets fresh pages from the kernel (`mmap`) and hands them back
/// when freed, and free space at the heap's top is given back above a threshold that moves with
/// the blocks seen: a daemon answering the same big request again and again (a 378 km route's
/// arrays and its 1.7 MiB reply) then faults every page of those blocks in anew for each answer
/// (~1,100 page faults per route measured, about a fifth of its CPU time; docs/routing.md).
public enum HeapReuse {
    /// Serves allocations below 32 MiB from the heap and keeps up to 64 MiB of freed space at its
    /// top for the next ones (fixed thresholds, glibc's moving ones off), at the cost of that much
    /// resident memory kept after a large answer. Returns whether the C library took both settings.
    @discardableResult
    public static func keepFreedBlocks() -> Bool {
        waygate_keep_freed_memory(Int32(32 << 20), Int32(64 << 20)) == 0
    }

    /// Gives the free memory of every heap arena back to the kernel (`malloc_trim`), the blocks
    /// `keepFreedBlocks` keeps included: for after a rare release of much memory at once, such
    /// as clients disconnected with megabytes of output queued. Returns whether any was given back.
    @discardableResult
    public static func giveBackFreedMemory() -> Bool {
        waygate_trim_heap() == 1
    }
}
