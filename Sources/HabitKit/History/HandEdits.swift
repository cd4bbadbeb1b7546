import HabitGit
import HabitStore

extension Habits {
    /// `habit commit`: commits files edited by hand, once the whole directory checks clean;
    /// returns the paths committed.
    public func commitHandEdits() throws(HabitError) -> [String] {
        try translating {
            let lock = try self.lock("habit commit")
            defer { withExtendedLifetime(lock) {} }
            guard let repository = try prepareForWriting() else { throw HabitError.notARepository(directory: directory.path) }
            return try commitHandEdits(in: repository)
        }
    }

    /// Validates hand edits and commits them; a directory with errors commits nothing. The caller
    /// holds the lock.
    func commitHandEdits(in repository: Repository) throws -> [String] {
        let pending = try repository.status().filter { $0.change != .conflicted }.map(\.path).filter { !DataFormat.isPrivate($0) }
        guard !pending.isEmpty else { return [] }
        let store = try Store.load(from: directory.files, cache: cache)
        guard store.errors.isEmpty else { throw HabitError.handEditsInvalid(store.errors) }
        let summary = pending.count == 1 ? pending[0] : "\(pending.count) files"
        _ = try GitLockRecovery.retrying(repository) {
            try repository.commit(message: "edit: by hand (\(summary))", paths: pending)
        }
        repository.clearUncommitted()
        return pending.sorted()
    }

    /// A merge begun by `git pull` (MERGE_HEAD): finished with a merge commit once resolved and
    /// valid; if data files are still in conflict, set aside so that habit merges them by its own
    /// rules (files git merged are put back as they were, the merge state is cleared). Returns
    /// whether there was one.
    func settleGitMerge(in repository: Repository) throws -> Bool {
        let heads = repository.mergeHeads()
        guard !heads.isEmpty else { return false }
        let conflicted = try repository.conflictedPaths()
        if conflicted.isEmpty {
            let store = try Store.load(from: directory.files, cache: cache)
            guard store.errors.isEmpty else { throw HabitError.handEditsInvalid(store.errors) }
            _ = try GitLockRecovery.retrying(repository) {
                try repository.commit(message: "sync: finish the merge begun by git pull", additionalParents: heads)
            }
            try repository.clearMergeState()
            return true
        }
        let foreign = conflicted.filter { !DataFormat.isDataFile($0) }
        guard foreign.isEmpty else { throw HabitError.unfinishedGitMerge(paths: foreign) }
        guard let head = try repository.headCommitID() else { return false }
        let headFiles = try repository.files(in: head)
        for path in try repository.stagedPaths() {
            if let file = headFiles[path] {
                try directory.files.write(path, contents: try repository.blob(file.blob), executable: file.mode == .executable)
            } else {
                try directory.files.remove(path, keepFolders: [DataFormat.trackersFolder])
            }
        }
        try repository.resetIndex(to: head)
        try repository.clearMergeState()
        return true
    }
}
