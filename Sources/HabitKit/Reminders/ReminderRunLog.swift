#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitStore

/// When `habit remind run` last ran, per data directory: machine state, kept in habit's state
/// folder (`reminders-last-run`), never in the data directory, which holds data only and may be
/// shared by machines whose reminders are their own.
public struct ReminderRunLog: Sendable {
    let folder: String
    let directory: String
    static let file = "reminders-last-run"

    public init(environment: [String: String], directory: DataDirectory) {
        folder = ReminderScheduler.stateFolder(environment)
        self.directory = directory.path
    }

    /// Runs `body` with the instant of the last run (nil if there was none) and records `now` as
    /// the last run. A lock keeps two runs (the timer's and one by hand) from both delivering the
    /// same reminders. Without a usable state folder, `body` runs with no last run and nothing is
    /// recorded: reminders may then come twice, but never fail to come.
    public func run<Result>(now: Int, _ body: (Int?) throws -> Result) rethrows -> Result {
        guard case .success = SafeDirectory.makeDirectories(folder, mode: 0o700) else { return try body(nil) }
        let lock = open(folder + "/reminders.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 { while flock(lock, LOCK_EX) != 0, errno == EINTR {} }
        var runs = read()
        let result = try body(runs[directory])
        runs[directory] = now
        let text = runs.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
        try? SafeDirectory(root: folder).write(Self.file, contents: Array(text.utf8), durable: false)
        return result
    }

    /// The last run of this data directory, without taking the lock.
    public var lastRun: Int? { read()[directory] }

    private func read() -> [String: Int] {
        guard case .success(let bytes) = SafeDirectory(root: folder).read(Self.file) else { return [:] }
        var runs: [String: Int] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " "), let instant = Int(line[..<space]) else { continue }
            runs[String(line[line.index(after: space)...])] = instant
        }
        return runs
    }
}
