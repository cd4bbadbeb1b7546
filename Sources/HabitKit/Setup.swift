import Foundation
import HabitGit
import HabitStore

/// Errors of the git-backed use cases, in words.
public struct KitError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var hint: String?
    public var diagnostics: [Diagnostic]

    public init(_ message: String, hint: String? = nil, diagnostics: [Diagnostic] = []) {
        self.message = message
        self.hint = hint
        self.diagnostics = diagnostics
    }

    public var description: String { message }
}

extension Workspace {
    public enum InitOutcome: Equatable, Sendable {
        case created
        case cloned(trackers: Int)
        case connectedEmptyRemote
    }

    /// Creates a data directory: plain, or a git repository on `main` with a first commit, or a
    /// clone of an existing habit repository (an empty remote gets our first commit pushed).
    public func initialize(settingsText: String, git: Bool, remote: String?, network: NetworkOptions = NetworkOptions()) throws -> InitOutcome {
        if let remote { return try initialize(settingsText: settingsText, cloning: remote, network: network) }
        try Store.initialize(directory, settingsText: settingsText)
        guard git else { return .created }
        let repository = try Repository.create(at: directory.path, initialBranch: "main")
        try GitSetup.writeSupportFiles(in: directory)
        try GitSetup.registerMergeDriver(in: repository)
        try repository.commit(message: "init: habit data directory")
        return .created
    }

    private func initialize(settingsText: String, cloning remote: String, network: NetworkOptions) throws -> InitOutcome {
        let fileManager = FileManager.default
        if let entries = try? fileManager.contentsOfDirectory(atPath: directory.path), !entries.isEmpty {
            throw KitError("\(directory.path) is not empty; `habit init --remote` clones into a new or empty directory.")
        }
        let existed = fileManager.fileExists(atPath: directory.path)
        let repository: Repository
        do {
            repository = try Repository.clone(from: remote, to: directory.path, options: CloneOptions(initialBranch: "main", network: network))
        } catch {
            if !existed { try? fileManager.removeItem(atPath: directory.path) }
            throw error
        }
        try GitSetup.registerMergeDriver(in: repository)
        // A bare remote made by `git init --bare` may point HEAD at a branch that does not exist
        // (master) while our data is on main: start from origin/main then.
        if try repository.headCommitID() == nil, let remoteMain = try repository.remoteBranchHead() {
            try repository.fastForward(to: remoteMain)
        }
        if try repository.headCommitID() == nil {
            try Store.initialize(directory, settingsText: settingsText)
            try GitSetup.writeSupportFiles(in: directory)
            try repository.commit(message: "init: habit data directory")
            try repository.push(options: network)
            try SyncState.recordSuccess(in: directory)
            return .connectedEmptyRemote
        }
        let store: Store
        do {
            store = try Store.load(directory)
        } catch {
            try? fileManager.removeItem(atPath: directory.path)
            if !existed { try? fileManager.removeItem(atPath: directory.path) } else { try? fileManager.createDirectory(atPath: directory.path, withIntermediateDirectories: true) }
            throw KitError("\(redactCredentials(remote)) is not a habit repository (it has no habit.toml); nothing was kept.",
                           hint: "Point --remote at a repository made by `habit init`, or at an empty one.")
        }
        try SyncState.recordSuccess(in: directory)
        if store.hasErrors {
            throw KitError("The cloned data has errors; fix them and run `habit check`.", diagnostics: store.diagnostics.filter { $0.severity == .error })
        }
        return .cloned(trackers: store.journal.trackers.count)
    }
}

extension Workspace {
    /// Turns history on in an existing plain data directory: a repository on `main` with a first commit.
    public func enableHistory() throws {
        guard GitSetup.repository(of: directory) == nil else { return }
        let lock = try DirectoryLock(directory: directory.path, description: "habit init --git")
        defer { withExtendedLifetime(lock) {} }
        let store = try Store.load(directory)
        let errors = store.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            throw KitError("The directory has errors; fix them before turning history on.", diagnostics: errors)
        }
        let repository = try Repository.create(at: directory.path, initialBranch: "main")
        try GitSetup.writeSupportFiles(in: directory)
        try GitSetup.registerMergeDriver(in: repository)
        try repository.commit(message: "init: habit data directory")
    }
}
