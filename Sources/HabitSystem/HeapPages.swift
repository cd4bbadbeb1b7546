#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Large pages for a heap about to hold years of history.
///
/// Loading 200 trackers of 20 years makes 1.2 million 12-byte log entries: about 14 MB of fresh
/// heap, which the kernel hands out one 4 KiB page at a time, each on a page fault. Those faults
/// were more than a third of a warm `habit list` on such a directory (docs/performance.md). Where
/// transparent huge pages are enabled only for memory that asks for them (`madvise`, a common
/// setting), asking turns those thousands of faults into a dozen.
///
/// Only a load that will need at least `threshold` bytes asks, so a small directory's peak memory
/// does not grow by the rounding to 2 MiB pages. Nothing here changes what is allocated or its
/// contents: where the kernel has no huge pages, or does not support them, this does nothing.
public enum HeapPages {
    /// Below this many bytes the faults cost little and the rounding would show in the peak memory.
    public static let threshold = 8 << 20
    /// glibc serves a larger block from its own mapping instead of the heap (its ceiling for
    /// `M_MMAP_THRESHOLD` on 64-bit systems).
    static let largestHeapBlock = 32 << 20
    private static let hugePage = 2 << 20

    /// Once per process, whichever thread loads first (`habit serve` loads on several). A libc
    /// mutex, since this layer uses nothing beyond the C library; the static's lazy initialiser
    /// runs once, whatever the threads.
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    nonisolated(unsafe) private static var prepared = false

    /// True for the first caller only.
    private static func claim() -> Bool {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if prepared { return false }
        prepared = true
        return true
    }

    #if os(Linux)
    /// glibc's `mallopt` and two of its parameters (<malloc.h>, which Swift's Glibc module does
    /// not include).
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3
    private static var mallopt: Mallopt? {
        dlsym(nil, "mallopt").map { unsafeBitCast($0, to: Mallopt.self) }
    }
    #endif

    /// Prepares the heap for about `bytes` more, once per process: a block of that size is taken
    /// from the heap, the huge-page advice is given for the 2 MiB pages inside it, and the block
    /// is freed, staying at the top of the heap (glibc is told not to return it to the system) for
    /// the allocations that follow. Returns how many bytes were advised (0 when none).
    @discardableResult
    public static func prepare(forAbout bytes: Int) -> Int {
        guard bytes >= threshold, claim() else { return 0 }
        return advise(bytes)?.count ?? 0
    }

    /// The addresses advised for a block of about `bytes`, nil when none could be.
    static func advise(_ bytes: Int) -> Range<UInt>? {
        #if os(Linux)
        let size = min(bytes, largestHeapBlock - hugePage)
        // Blocks up to the ceiling come from the heap, and freeing them keeps the heap's top.
        guard let mallopt = Self.mallopt, mallopt(mmapThreshold, Int32(largestHeapBlock)) == 1,
              mallopt(trimThreshold, Int32(largestHeapBlock * 2)) == 1,
              let block = malloc(size) else { return nil }
        defer { free(block) }
        let first = (UInt(bitPattern: block) + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let end = (UInt(bitPattern: block) + UInt(size)) & ~UInt(hugePage - 1)
        guard end > first, let start = UnsafeMutableRawPointer(bitPattern: first),
              madvise(start, Int(end - first), MADV_HUGEPAGE) == 0 else { return nil }
        return first..<end
        #else
        return nil
        #endif
    }
}
