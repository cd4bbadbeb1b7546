#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitStore

/// When `habit remind run` last ran, per data directory: machine state, kept in habit's state
/// folder (`reminders-last-run`), never in the data directory, which holds data only and may be
/// shared by machines whose reminders are their own. Web Push has a log of its own
/// (`push-last-run`), shared by `habit serve` and `habit remind run`, so that the desktop's
/// reminders and the phone's do not consume each other's.
public struct ReminderRunLog: Sendable {
    /// Whose reminders a log counts.
    public enum Channel: Sendable {
        /// The desktop notification, the printed line and Apprise (`habit remind run`).
        case desktop
        /// Web Push to the devices subscribed in `habit serve`.
        case push
    }

    /// A line each: the instant of the last run, then the data directory's path.
    let records: StateRecords
    let lockName: String

    public init(environment: [String: String], directory: DataDirectory, channel: Channel = .desktop) {
        let name = channel == .push ? "push" : "reminders"
        records = StateRecords(name + "-last-run", fields: 1, environment: environment, directory: directory)
        lockName = name + ".lock"
    }

    /// Runs `body` with the instant of the last run (nil if there was none) and records `now` as
    /// the last run. A lock keeps two runs (the timer's and one by hand) from both delivering the
    /// same reminders. Without a usable state folder, `body` runs with no last run and nothing is
    /// recorded: reminders may then come twice, but never fail to come.
    public func run<Result>(now: Int, _ body: (Int?) throws -> Result) rethrows -> Result {
        guard records.makeFolder() else { return try body(nil) }
        let lock = open(records.folder + "/" + lockName, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
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
