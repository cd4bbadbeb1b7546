/// What habit remembers about a repository between runs, in the `[habit]` section of its own
/// `.git/config` (written by libgit2 with its lock and rename, never committed or synced):
/// the last sync, and a change interrupted between writing files and moving the branch.
public struct HabitRecords: Equatable, Sendable {
    /// Seconds since the epoch.
    public var lastSyncSuccess: Double?
    public var lastSyncAttempt: Double?
    /// Why the last attempt failed; nil when it succeeded.
    public var lastSyncError: String?

    public init(lastSyncSuccess: Double? = nil, lastSyncAttempt: Double? = nil, lastSyncError: String? = nil) {
        self.lastSyncSuccess = lastSyncSuccess
        self.lastSyncAttempt = lastSyncAttempt
        self.lastSyncError = lastSyncError
    }
}

/// A change of the working files and the branch in progress: `new` is written and the files
/// are being moved to it from `old` (nil: the branch had no commit).
public struct PendingAdvance: Equatable, Sendable {
    public let old: CommitID?
    public let new: CommitID

    public init(old: CommitID?, new: CommitID) {
        self.old = old
        self.new = new
    }
}

/// Files habit wrote and could not commit, and why (kept so that `habit status` can say so).
public struct UncommittedChange: Equatable, Sendable {
    public let paths: [String]
    public let reason: String
}

extension Repository {
    private static let successKey = "habit.lastsyncsuccess"
    private static let attemptKey = "habit.lastsyncattempt"
    private static let errorKey = "habit.lastsyncerror"
    private static let advanceKey = "habit.advance"
    private static let uncommittedKey = "habit.uncommitted"

    public func habitRecords() -> HabitRecords {
        HabitRecords(
            lastSyncSuccess: (try? localConfigValue(forKey: Self.successKey)).flatMap { $0 }.flatMap(Double.init),
            lastSyncAttempt: (try? localConfigValue(forKey: Self.attemptKey)).flatMap { $0 }.flatMap(Double.init),
            lastSyncError: (try? localConfigValue(forKey: Self.errorKey)).flatMap { $0 })
    }

    public func recordSyncSuccess(at seconds: Double) throws {
        try setConfigValue(String(seconds), forKey: Self.successKey)
        try setConfigValue(String(seconds), forKey: Self.attemptKey)
        try removeConfigValue(forKey: Self.errorKey)
    }

    public func recordSyncFailure(_ reason: String, at seconds: Double) {
        try? setConfigValue(String(seconds), forKey: Self.attemptKey)
        try? setConfigValue(reason.replacingNewlines(), forKey: Self.errorKey)
    }

    /// Notes `advance` before its first file is written, so the next command can finish it.
    public func beginAdvance(_ advance: PendingAdvance) throws {
        try setConfigValue("\(advance.old?.hex ?? "none") \(advance.new.hex)", forKey: Self.advanceKey)
    }

    public func endAdvance() throws {
        try removeConfigValue(forKey: Self.advanceKey)
    }

    /// The advance a killed habit left unfinished, if any.
    public func pendingAdvance() -> PendingAdvance? {
        guard let text = (try? localConfigValue(forKey: Self.advanceKey)).flatMap({ $0 }) else { return nil }
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 2, let new = CommitID(hex: parts[1]) else { return nil }
        return PendingAdvance(old: CommitID(hex: parts[0]), new: new)
    }

    public func recordUncommitted(paths: [String], reason: String) {
        try? setConfigValue(paths.joined(separator: " ") + "\t" + reason.replacingNewlines(), forKey: Self.uncommittedKey)
    }

    public func clearUncommitted() {
        try? removeConfigValue(forKey: Self.uncommittedKey)
    }

    public func uncommittedChange() -> UncommittedChange? {
        guard let text = (try? localConfigValue(forKey: Self.uncommittedKey)).flatMap({ $0 }) else { return nil }
        let parts = text.split(separator: "\t", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        return UncommittedChange(paths: parts[0].split(separator: " ").map(String.init), reason: parts[1])
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
