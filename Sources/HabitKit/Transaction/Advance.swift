import HabitGit
import HabitStore
import HabitSystem

/// The contents a path should have: bytes and the executable bit, or nil for "no file".
struct FileContents: Equatable {
    var bytes: [UInt8]
    var executable: Bool = false
}

/// Moves the working files, the index and the branch from one commit to another as one step that
/// a crash cannot leave half done: the new commit exists before any file is touched, every file
/// is written to a temporary name and flushed first, the step is recorded in the repository's
/// config, then the files are renamed into place, the index updated and the branch moved, and
/// the record removed. A habit killed anywhere in between leaves each file old or new, and the
/// next command finishes the step (`finishInterrupted`).
struct Advance {
    let repository: Repository
    let files: SafeDirectory
    /// Told the name of each step as it is passed, for a test that acts as a neighbouring git
    /// between two steps.
    var stepObserver: ((String) -> Void)? = nil

    /// Files as they will be written, flushed under temporary names.
    struct Staged {
        var writes: [String: StagedFile] = [:]
        /// The bytes of each write, which the new commit records: the index takes their blob id
        /// once the file on disk is found to hold exactly these bytes.
        var written: [String: [UInt8]] = [:]
        var deletions: [String] = []
        var paths: [String] { (Array(writes.keys) + deletions).sorted() }

        func discard() { writes.values.forEach { $0.discard() } }
    }

    /// Writes every new file under a temporary name (nothing visible changes yet).
    func stage(_ target: [String: FileContents?]) throws -> Staged {
        var staged = Staged()
        do {
            for (path, contents) in target.sorted(by: { $0.key < $1.key }) {
                if let contents {
                    staged.writes[path] = try files.stage(path, contents: contents.bytes, executable: contents.executable)
                    staged.written[path] = contents.bytes
                } else {
                    staged.deletions.append(path)
                }
            }
        } catch {
            staged.discard()
            throw error
        }
        return staged
    }

    /// The branch moved between reading it and moving it (a writer that does not take the index's
    /// lock); the files were put back, so the change may be made again on the new branch.
    struct BranchMoved: Error {}

    /// Renames the staged files into place, updates the index and moves the branch from `old` to
    /// `new`. If the index or branch cannot follow, the files are put back to `previous` (what they
    /// were before) and `commitFailed` is thrown, saying whether that worked (`BranchMoved` when
    /// the branch had moved meanwhile and everything was put back). `indexLock`, taken before the
    /// branch was read (else here), receives the new index, which replaces the old one under the
    /// branch's lock just before the branch moves; `reflog` is the line the move leaves in the reflogs.
    func complete(_ staged: Staged, from old: CommitID?, to new: CommitID, previous: [String: FileContents?],
                  indexLock held: IndexLock? = nil, reflog: String) throws {
        // A file edited by hand since it was read (an editor saving while habit runs) is never
        // overwritten.
        for path in staged.paths {
            let current = try? files.read(path).get()
            if !current.hasSameBytes(as: (previous[path] ?? nil)?.bytes) {
                staged.discard()
                throw HabitError.changedMeanwhile(file: path)
            }
        }
        let indexLock: IndexLock
        do {
            indexLock = try held ?? GitLockRecovery.lockIndex(repository)
        } catch {
            staged.discard()
            throw error
        }
        try FaultInjection.step("record")
        try GitLockRecovery.retrying(repository) { try repository.beginAdvance(PendingAdvance(old: old, new: new)) }
        do {
            try place(staged)
            try follow(paths: staged.paths, written: staged.written, from: old, to: new, indexLock: indexLock, reflog: reflog)
        } catch {
            // The lock that held the new index is dropped; had the new index taken effect when the
            // branch failed to move, the files' entries follow the files put back.
            let indexMoved = indexLock.isCommitted
            indexLock.release()
            let detail = ErrorTranslation.detail(of: error)
            var kept: [String] = []
            do {
                let undo = try stage(previous)
                try place(undo)
                if indexMoved { try GitLockRecovery.retrying(repository) { _ = try repository.updateIndex(paths: staged.paths) } }
            } catch {
                kept = staged.paths
                repository.recordUncommitted(paths: kept, reason: detail)
            }
            try? repository.endAdvance()
            if kept.isEmpty, let error = error as? GitError, error.code == GitError.modifiedCode { throw BranchMoved() }
            if kept.isEmpty, let refusal = error as? HabitError, !Habits.isGitFailure(refusal) { throw refusal }
            throw HabitError.commitFailed(detail: detail, kept: kept)
        }
    }

    private func place(_ staged: Staged) throws {
        try StagedFile.commit(staged.writes.keys.sorted().map { staged.writes[$0]! })
        for path in staged.deletions { try files.remove(path, keepFolders: [DataFormat.trackersFolder]) }
    }

    /// The index and the branch catch up with files already in place: the new index is written
    /// into `indexLock` (when held) and takes effect under the branch's lock, before the branch
    /// moves. Never the other way round: `git commit` reads the branch, then the index, then
    /// locks the index, so a git that found the branch moved and the index old would commit the
    /// old files on top of this change, undoing it.
    private func follow(paths: [String], written: [String: [UInt8]] = [:], from old: CommitID?, to new: CommitID,
                        indexLock: IndexLock? = nil, reflog: String = "habit") throws {
        try FaultInjection.step("index")
        if let indexLock {
            try indexLock.stage(paths: paths, written: written, in: new)
        } else {
            try GitLockRecovery.retrying(repository) { _ = try repository.updateIndex(paths: paths, written: written, in: new) }
        }
        if try repository.headCommitID() != new {
            try FaultInjection.step("branch")
            try GitLockRecovery.retrying(repository) {
                try repository.moveCurrentBranch(from: old, to: new, message: reflog) { try indexLock?.commit() }
            }
            stepObserver?("branch moved")
        }
        try indexLock?.commit()
        try FaultInjection.step("forget")
        try GitLockRecovery.retrying(repository) { try repository.endAdvance() }
        repository.clearUncommitted()
    }

    /// Whether `path` is one the recorded step changes, still old or already new on disk (so
    /// `finishInterrupted` will bring it to the new commit).
    static func isPart(_ path: String, of pending: PendingAdvance, in repository: Repository, files: SafeDirectory) throws -> Bool {
        let old = try pending.old.flatMap { try repository.data(atPath: path, in: $0) }
        let new = try repository.data(atPath: path, in: pending.new)
        guard old != new else { return false }
        let current = try? files.read(path).get()
        return current == old || current == new
    }

    /// Finishes a step a killed habit left recorded: files still as they were, or already new,
    /// are brought to the new commit; a file changed by hand since is left alone (and stays
    /// visible as an uncommitted edit); then the index and branch follow.
    static func finishInterrupted(in repository: Repository, files: SafeDirectory) throws {
        guard let pending = repository.pendingAdvance() else { return }
        let head = try repository.headCommitID()
        guard head == pending.old || head == pending.new else {
            // Someone moved the branch meanwhile: the record no longer describes anything.
            try repository.endAdvance()
            return
        }
        let oldFiles = try pending.old.map { try repository.files(in: $0) } ?? [:]
        let newFiles = try repository.files(in: pending.new)
        var paths: [String] = []
        for path in Set(oldFiles.keys).union(newFiles.keys).sorted() where oldFiles[path] != newFiles[path] {
            paths.append(path)
            let current = try? files.read(path).get()
            let target = try newFiles[path].map { try repository.blob($0.blob) }
            if current == target { continue }
            let previous = try oldFiles[path].map { try repository.blob($0.blob) }
            guard current == previous else { continue }  // edited by hand after the crash: keep it
            if let target {
                try files.write(path, contents: target, executable: newFiles[path]?.mode == .executable)
            } else {
                try files.remove(path, keepFolders: [DataFormat.trackersFolder])
            }
        }
        let advance = Advance(repository: repository, files: files)
        try advance.follow(paths: paths, from: pending.old, to: pending.new)
    }
}
