import CLibgit2
import HabitSystem
#if canImport(Glibc)
import Glibc
#endif

/// The index entry of a file habit has just written, without hashing or compressing it again.
///
/// `git_index_add_bypath` reads the file, runs it through git's filters, and streams it into the
/// object database (SHA-1 and zlib over the whole file) although the commit already holds that
/// blob: on a tracker of ten years that was a tenth of a `habit done`. Here the file is read back
/// through one descriptor and compared byte for byte with what was written; only when it is
/// exactly those bytes, no filter would change them, and its kind matches the commit's and the
/// index's, is the commit's blob id recorded with the file's `fstat` (the entry `git add` would
/// have made). So the index never vouches for bytes nobody read: a file changed before the read
/// differs and takes `git add`'s way, one changed after it has other stat data and `git status`
/// looks at it again.
enum IndexShortcut {
    static func entry(_ path: String, bytes: [UInt8], tree: TreeHandle, index: IndexHandle, in repository: Repository) throws -> git_index_entry? {
        guard let root = repository.workingDirectory, let treeEntry = try tree.entry(atPath: path),
              treeEntry.type == GIT_OBJECT_BLOB else { return nil }
        let mode = git_tree_entry_filemode(treeEntry.pointer).rawValue
        guard mode == 0o100644 || mode == 0o100755,
              let existing = git_index_get_bypath(index.pointer, path, 0), existing.pointee.mode == mode,
              !hasFilters(path, in: repository) else { return nil }
        let full = root.hasSuffix("/") ? root + path : root + "/" + path
        let descriptor = open(full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count,
              (info.st_mode & 0o100 != 0 ? 0o100755 : 0o100644) == mode,
              contentsEqual(descriptor, bytes) else { return nil }
        var entry = git_index_entry()
        // As libgit2's git_index_entry__init_from_stat fills it (dev from st_rdev, as it does).
        let nanoseconds = git_libgit2_features() & Int32(GIT_FEATURE_NSEC.rawValue) != 0
        entry.ctime.seconds = Int32(truncatingIfNeeded: info.st_ctim.tv_sec)
        entry.mtime.seconds = Int32(truncatingIfNeeded: info.st_mtim.tv_sec)
        if nanoseconds {
            entry.ctime.nanoseconds = UInt32(truncatingIfNeeded: info.st_ctim.tv_nsec)
            entry.mtime.nanoseconds = UInt32(truncatingIfNeeded: info.st_mtim.tv_nsec)
        }
        entry.dev = UInt32(truncatingIfNeeded: info.st_rdev)
        entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
        entry.mode = mode
        entry.uid = info.st_uid
        entry.gid = info.st_gid
        entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
        entry.id = treeEntry.id
        return entry
    }

    /// Whether git would filter the file on its way into the repository (`core.autocrlf`, `text`,
    /// `eol`, `ident` or a filter driver in its attributes): then `git add` may store other bytes.
    private static func hasFilters(_ path: String, in repository: Repository) -> Bool {
        var filters: OpaquePointer?
        let code = git_filter_list_load(&filters, repository.pointer, nil, path, GIT_FILTER_TO_ODB, GIT_FILTER_DEFAULT.rawValue)
        guard code == 0 else { return true }
        guard let filters else { return false }
        git_filter_list_free(filters)
        return true
    }

    /// Reads the whole file and compares it with `bytes` (one more byte than expected is read, so
    /// a file that grew since `fstat` differs too). `DirectRepository` reads back the same way.
    static func contentsEqual(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var buffer = [UInt8](repeating: 0, count: bytes.count + 1)
        var filled = 0
        let complete = buffer.withUnsafeMutableBytes { raw -> Bool in
            while filled < raw.count {
                let count = read(descriptor, raw.baseAddress! + filled, raw.count - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if count == 0 { break }
                filled += count
            }
            return true
        }
        guard complete, filled == bytes.count else { return false }
        buffer.removeLast()
        return buffer.hasSameBytes(as: bytes)
    }
}
