import CLibgit2
#if canImport(Glibc)
import Glibc
#endif

/// git's lock on the index (`.git/index.lock`), held by a change from before it reads the branch
/// until the branch has moved, as `git commit` holds it: a concurrent `git commit` finds the lock
/// and stops before it reads anything, instead of committing the change's staged file under its
/// own message.
///
/// The new index is written into the lock (`stage`), then renamed over the index (`commit`) while
/// the branch's own lock is held, just before the branch moves (`moveCurrentBranch(holding:)`):
/// `git commit` reads the branch, then the index, then takes this lock, so a git that sees the
/// branch moved reads the new index, and one that read the branch before cannot move it. Dropped
/// (`release`), the lock leaves the index untouched. libgit2
/// writes an index only through a lock of its own, so the new index is written by libgit2 to a
/// scratch file next to it and renamed onto the held lock.
public final class IndexLock {
    let repository: Repository
    let indexPath: String
    var lockPath: String { indexPath + ".lock" }
    /// False until the lock is taken: a failed `init` runs `deinit`, which must not remove a
    /// lock someone else holds.
    private var held = false
    /// Whether `commit` has put the new index in place.
    public private(set) var isCommitted = false

    /// Takes the lock; a lock that exists throws a `GitError` of kind `.locked` (which
    /// `GitLockRecovery` knows) and is left alone.
    public init(_ repository: Repository) throws {
        self.repository = repository
        indexPath = repository.gitDirectoryPath + "/index"
        let descriptor = open(indexPath + ".lock", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw GitError(kind: .locked, summary: "Could not lock the staging area",
                               detail: "failed to create locked file '\(indexPath).lock': File exists")
            }
            throw GitError(kind: .other, summary: "Could not lock the staging area",
                           detail: "\(indexPath).lock: " + String(cString: strerror(code)))
        }
        close(descriptor)
        held = true
    }

    deinit { release() }

    /// Writes into the lock the index with `paths` recorded as `Repository.updateIndex` records
    /// them. The index itself is unchanged until `commit`.
    @discardableResult
    public func stage(paths: [String], written: [String: [UInt8]] = [:], in commit: CommitID?) throws -> [String] {
        precondition(held, "IndexLock used after release")
        let scratch = indexPath + ".habit-\(getpid())"
        unlink(scratch)
        try copy(indexPath, to: scratch)
        defer { unlink(scratch) }
        var raw: OpaquePointer?
        try check(git_index_open(&raw, scratch), "Could not read the staging area")
        let index = IndexHandle(raw!)
        // add_bypath needs the index to belong to the repository (for its working tree, filters
        // and attributes); the repository's own index is given back afterwards.
        try check(git_repository_set_index(repository.pointer, index.pointer), "Could not read the staging area")
        defer { git_repository_set_index(repository.pointer, nil) }
        let shortcut = try repository.record(paths: paths, written: written, in: commit, into: index)
        try check(git_index_write(index.pointer), "Could not save the staging area")
        guard rename(scratch, lockPath) == 0 else {
            throw GitError(kind: .other, summary: "Could not save the staging area",
                           detail: "\(lockPath): " + String(cString: strerror(errno)))
        }
        return shortcut
    }

    /// Renames the lock over the index: the index written by `stage` takes effect.
    public func commit() throws {
        guard held else { return }
        held = false
        guard rename(lockPath, indexPath) == 0 else {
            let code = errno
            unlink(lockPath)
            throw GitError(kind: .other, summary: "Could not save the staging area", detail: "\(indexPath): " + String(cString: strerror(code)))
        }
        isCommitted = true
    }

    /// Removes the lock, leaving the index as it was.
    public func release() {
        guard held else { return }
        held = false
        unlink(lockPath)
    }

    /// Copies `source` (absent: nothing) to `target` with the source's permissions.
    private func copy(_ source: String, to target: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            if errno == ENOENT { return }
            throw GitError(kind: .other, summary: "Could not read the staging area", detail: "\(source): " + String(cString: strerror(errno)))
        }
        defer { close(input) }
        var info = stat()
        fstat(input, &info)
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o777)
        guard output >= 0 else {
            throw GitError(kind: .other, summary: "Could not save the staging area", detail: "\(target): " + String(cString: strerror(errno)))
        }
        defer {
            // The copy keeps the index's time: libgit2 judges which entries are racily clean by it.
            var times = [info.st_atim, info.st_mtim]
            futimens(output, &times)
            close(output)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count < 0 { throw GitError(kind: .other, summary: "Could not read the staging area", detail: String(cString: strerror(errno))) }
                return
            }
            var done = 0
            while done < count {
                let wrote = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, count - done) }
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else {
                    throw GitError(kind: .other, summary: "Could not save the staging area", detail: String(cString: strerror(errno)))
                }
                done += wrote
            }
        }
    }
}
