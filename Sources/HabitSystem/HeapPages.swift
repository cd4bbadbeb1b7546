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
/// does not grow by the rounding to 2 MiB pages; a smaller one, from `populateThreshold` on, has
/// its pages faulted in by one call instead (`prepare`). Nothing here changes what is allocated or
/// its contents: where the kernel has neither, this does nothing.
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
    ///
    /// A smaller load, from `populateThreshold` on, has about the pages it will use faulted in by one
    /// call instead (`MADV_POPULATE_WRITE`, Linux 5.14): a ten-year tracker's log is 44 KB of entries,
    /// fifty of them took 540 page faults of a `habit done`, and one call that fills them costs less
    /// than the faults. Zeroing a huge page would cost as much as the faults it saves at that size.
    @discardableResult
    public static func prepare(forAbout bytes: Int) -> Int {
        guard bytes >= populateThreshold, claim() else { return 0 }
        guard bytes >= threshold else { return populate(bytes * 2 / 3)?.count ?? 0 }
        return advise(bytes)?.count ?? 0
    }

    /// A load of fewer bytes than this takes few enough pages that faulting them one by one costs
    /// less than asking for them.
    public static let populateThreshold = 1 << 20
    /// `MADV_POPULATE_WRITE` (<linux/mman.h>, which Swift's Glibc module does not include).
    private static let populateWrite: Int32 = 23
    private static let page = 4096

    /// The addresses advised for a block of about `bytes`, nil when none could be.
    static func advise(_ bytes: Int) -> Range<UInt>? {
        withHeapBlock(min(bytes, largestHeapBlock - hugePage), alignment: hugePage) { madvise($0, $1, MADV_HUGEPAGE) == 0 }
    }

    /// The addresses whose pages were faulted in for a block of about `bytes` (the share a load's
    /// entries take of its files: 12-byte entries for lines of about 18), nil when none could be.
    static func populate(_ bytes: Int) -> Range<UInt>? {
        withHeapBlock(min(bytes, largestHeapBlock - hugePage), alignment: page) { madvise($0, $1, populateWrite) == 0 }
    }

    /// Takes a block of `size` bytes from the heap, runs `body` on the whole `alignment`-sized pages
    /// inside it, and frees the block, which stays at the top of the heap (glibc is told to serve
    /// blocks up to the ceiling from the heap and not to return its top to the system) for the
    /// allocations that follow.
    private static func withHeapBlock(_ size: Int, alignment: Int, _ body: (UnsafeMutableRawPointer, Int) -> Bool) -> Range<UInt>? {
        #if os(Linux)
        guard let mallopt = Self.mallopt, mallopt(mmapThreshold, Int32(largestHeapBlock)) == 1,
              mallopt(trimThreshold, Int32(largestHeapBlock * 2)) == 1,
              let block = malloc(size) else { return nil }
        defer { free(block) }
        let first = (UInt(bitPattern: block) + UInt(alignment - 1)) & ~UInt(alignment - 1)
        let end = (UInt(bitPattern: block) + UInt(size)) & ~UInt(alignment - 1)
        guard end > first, let start = UnsafeMutableRawPointer(bitPattern: first), body(start, Int(end - first)) else { return nil }
        return first..<end
        #else
        return nil
        #endif
    }
}
