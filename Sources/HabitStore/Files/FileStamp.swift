#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identity of a file's contents as the file system reports it: any write changes at least one of
/// these (a rename-over gives a new inode; an in-place edit a new mtime and ctime).
public struct FileStamp: Hashable, Sendable {
    var size: Int64
    var modified: Int64
    var changed: Int64
    var inode: UInt64

    init(size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }

    /// The stamp of a regular file from `fstatat` results; nil for anything else.
    init?(_ info: stat) {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
