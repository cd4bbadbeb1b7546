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
    /// A line each: the instant of the last run, then the data directory's path.
    let records: StateRecords

    public init(environment: [String: String], directory: DataDirectory) {
        records = StateRecords("reminders-last-run", fields: 1, environment: environment, directory: directory)
    }

    /// Runs `body` with the instant of the last run (nil if there was none) and records `now` as
    /// the last run. A lock keeps two runs (the timer's and one by hand) from both delivering the
    /// same reminders. Without a usable state folder, `body` runs with no last run and nothing is
    /// recorded: reminders may then come twice, but never fail to come.
    public func run<Result>(now: Int, _ body: (Int?) throws -> Result) rethrows -> Result {
        guard records.makeFolder() else { return try body(nil) }
        let lock = open(records.folder + "/reminders.lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 { while flock(lock, LOCK_EX) != 0, errno == EINTR {} }
        var runs = read()
        let result = try body(runs[records.directory])
        runs[records.directory] = now
        records.write(runs.mapValues { String($0) }, durable: false)
        return result
    }

    /// The last run of this data directory, without taking the lock.
    public var lastRun: Int? { read()[records.directory] }

    private func read() -> [String: Int] {
        records.read().compactMapValues { Int($0[0]) }
    }
}
