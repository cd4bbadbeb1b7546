import HabitGit
import HabitStore

/// What `habit init` made.
public enum InitOutcome: Equatable, Sendable {
    case created(history: Bool)
    case cloned(trackers: Int)
    /// The remote was empty: it now holds the new directory, on `branch`.
    case connectedEmptyRemote(branch: String, remoteHeadIsDangling: Bool)
}

extension Habits {
    /// Creates the data directory (and the folders above it): plain, or a git repository with a
    /// first commit, or a clone of an existing habit repository (an empty remote gets our first
    /// commit pushed).
    public func initialize(settings text: String, history: Bool, remote: String?, options: SyncOptions) throws(HabitError) -> InitOutcome {
        if directory.isInitialized { throw .alreadyInitialized(directory: directory.path) }
        if let remote { return try initialize(settings: text, cloning: remote, options: options) }
        return try translating {
            try directory.files.makeFolder(DataFormat.trackersFolder)
            let lock = try self.lock("habit init")
            defer { withExtendedLifetime(lock) {} }
            try directory.files.write(DataFormat.settingsFile, contents: Array(text.utf8))
            guard history else { return .created(history: false) }
            try startHistory()
            return .created(history: true)
        }
    }

    /// Turns history on in an existing plain data directory: the one way to do it, with the
    /// ignore and attributes files and the merge driver.
    /// Returns false when history was on already.
    @discardableResult
    public func enableHistory() throws(HabitError) -> Bool {
        try translating {
            let lock = try self.lock("habit init --git")
            defer { withExtendedLifetime(lock) {} }
            guard try repository() == nil else { return false }
            let store = try Store.load(from: directory.files, cache: cache)
            guard store.errors.isEmpty else { throw HabitError.handEditsInvalid(store.errors) }
            try startHistory()
            return true
        }
    }

    private func startHistory() throws {
        let repository = stamped(try Repository.create(at: directory.path, initialBranch: "main"))
        // Writers that start from now on lock in the new git directory: hold that lock as well (the
        // caller holds the plain directory's, and the legacy file's if there is one).
        let location = DirectoryLock.Location.resolve(for: directory, stateFolder: stateFolder)
        let gitLock = try DirectoryLock(location: DirectoryLock.Location(path: location.path, legacyPath: nil),
                                        directory: directory.path, timeout: lockTimeout, description: "habit init --git", onWait: onWait)
        defer { withExtendedLifetime(gitLock) {} }
        try GitSetup.writeSupportFiles(in: directory)
        try GitSetup.registerMergeDriver(in: repository)
        try repository.commit(message: "init: habit data directory")
    }

    private func initialize(settings text: String, cloning remote: String, options: SyncOptions) throws(HabitError) -> InitOutcome {
        let files = directory.files
        if case .success(let names) = files.list(""), !names.isEmpty { throw .notEmpty(directory: directory.path) }
        let existed = files.exists("")
        let redacted = redactCredentials(remote)
        do {
            return try translating(remoteURL: remote) {
                try Self.checkLocalRemote(remote)
                let branch = LocalRemote(url: remote)?.headBranch() ?? "main"
                _ = SafeDirectory.makeDirectories(directory.path)
                let repository = stamped(try Repository.clone(from: remote, to: directory.path,
                                                              options: CloneOptions(initialBranch: branch, network: options.network)))
                let lock = try self.lock("habit init --remote")
                defer { withExtendedLifetime(lock) {} }
                try GitSetup.registerMergeDriver(in: repository)
                guard let head = try repository.headCommitID() else {
                    try files.write(DataFormat.settingsFile, contents: Array(text.utf8))
                    try files.makeFolder(DataFormat.trackersFolder)
                    try GitSetup.writeSupportFiles(in: directory)
                    try repository.commit(message: "init: habit data directory")
                    try repository.push(branch: branch, options: options.network)
                    LocalRemote(url: remote)?.repairHead(toBranch: branch)
                    try? repository.recordSyncSuccess(at: clock())
                    return .connectedEmptyRemote(branch: branch, remoteHeadIsDangling: false)
                }
                let tree = try repository.files(in: head)
                try TreeCheck.check(tree, commit: head)
                guard tree[DataFormat.settingsFile] != nil else { throw HabitError.notHabitRepository(url: redacted) }
                for (path, file) in tree.sorted(by: { $0.key < $1.key }) {
                    try files.write(path, contents: try repository.blob(file.blob), executable: file.mode == .executable)
                }
                try repository.updateIndex(paths: Array(tree.keys))
                try? repository.recordSyncSuccess(at: clock())
                let store = try Store.load(from: files, cache: cache)
                guard store.errors.isEmpty else { throw HabitError.remoteDataInvalid(store.errors) }
                return .cloned(trackers: store.journal.trackers.count)
            }
        } catch {
            // Nothing half made stays behind: the clone, or the folder we created for it.
            if case .remoteDataInvalid = error {} else { Self.removeTree(directory.path, keepRoot: existed) }
            throw error
        }
    }

    /// Deletes what a failed `init --remote` made (a directory that was new or empty before).
    static func removeTree(_ path: String, keepRoot: Bool) {
        let files = SafeDirectory(root: path)
        func remove(_ relative: String) {
            guard case .success(let names) = files.list(relative) else {
                try? files.remove(relative)
                return
            }
            for name in names { remove(relative.isEmpty ? name : relative + "/" + name) }
            if !relative.isEmpty { try? files.removeFolder(relative) }
        }
        remove("")
        if !keepRoot { try? SafeDirectory(root: "/").removeFolder(String(path.dropFirst())) }
    }
}
