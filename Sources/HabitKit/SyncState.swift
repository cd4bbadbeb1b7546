import Foundation
import HabitStore

/// What the last sync did, kept inside `.git/` so it is never committed or synced itself.
public struct SyncState: Equatable, Sendable {
    public var lastSuccess: Date?
    public var lastAttempt: Date?
    /// Why the last attempt failed; nil when it succeeded.
    public var lastError: String?

    static func path(in directory: DataDirectory) -> String { directory.path + "/.git/habit-sync-state" }

    public static func load(from directory: DataDirectory) -> SyncState {
        guard let text = try? String(contentsOfFile: path(in: directory), encoding: .utf8) else { return SyncState() }
        var state = SyncState()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "success": state.lastSuccess = Double(parts[1]).map(Date.init(timeIntervalSince1970:))
            case "attempt": state.lastAttempt = Double(parts[1]).map(Date.init(timeIntervalSince1970:))
            case "error": state.lastError = parts[1]
            default: break
            }
        }
        return state
    }

    func save(to directory: DataDirectory) throws {
        var lines: [String] = []
        if let lastSuccess { lines.append("success\t\(lastSuccess.timeIntervalSince1970)") }
        if let lastAttempt { lines.append("attempt\t\(lastAttempt.timeIntervalSince1970)") }
        if let lastError { lines.append("error\t\(lastError.replacingOccurrences(of: "\n", with: " "))") }
        try AtomicFile.write(Array((lines.joined(separator: "\n") + "\n").utf8), to: SyncState.path(in: directory))
    }

    static func recordSuccess(in directory: DataDirectory, at date: Date = Date()) throws {
        try SyncState(lastSuccess: date, lastAttempt: date, lastError: nil).save(to: directory)
    }

    static func recordFailure(_ reason: String, in directory: DataDirectory, at date: Date = Date()) {
        var state = load(from: directory)
        state.lastAttempt = date
        state.lastError = reason
        try? state.save(to: directory)
    }
}
