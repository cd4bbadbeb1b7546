#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore
import HabitStore

/// A `habit timer` in progress, as recorded in the state folder so that a timer killed with
/// SIGKILL, or a machine that crashed, loses at most the minute in progress (docs/cli.md, "Timer").
public struct RunningTimer: Equatable, Sendable {
    public var trackerID: String
    /// The day the minutes go to: today when the timer started.
    public var day: CivilDate
    /// Seconds since the epoch.
    public var started: Int
    /// The last whole minute the timer recorded.
    public var lastTick: Int
    /// The process counting, to tell a timer still running from one that died.
    public var process: Int32

    public init(trackerID: String, day: CivilDate, started: Int, lastTick: Int, process: Int32) {
        self.trackerID = trackerID
        self.day = day
        self.started = started
        self.lastTick = lastTick
        self.process = process
    }

    /// Whole minutes counted; the minute in progress is not.
    public var minutes: Int { max(0, (lastTick - started) / 60) }

    /// Whether the process that counts is still alive (the same pid reused is taken as alive: the
    /// record then waits for a later command).
    public var isRunning: Bool { kill(process, 0) == 0 || errno == EPERM }
}

/// The running timers, one per data directory, in `$XDG_STATE_HOME/habit/timers`: machine state,
/// never in the data directory.
public struct TimerLog: Sendable {
    /// A line each: started, last tick, process, day, tracker id, then the data directory's path.
    let records: StateRecords

    public init(environment: [String: String], directory: DataDirectory) {
        records = StateRecords("timers", fields: 5, environment: environment, directory: directory)
    }

    /// The timer recorded for this data directory, if any.
    public var timer: RunningTimer? { read()[records.directory] }

    /// Records `timer` (nil: removes the record). Errors are ignored: a timer without its record
    /// still counts, it only loses its crash safety.
    public func record(_ timer: RunningTimer?) {
        guard records.makeFolder() else { return }
        var timers = read()
        timers[records.directory] = timer
        records.write(timers.mapValues { "\($0.started) \($0.lastTick) \($0.process) \($0.day) \($0.trackerID)" })
    }

    private func read() -> [String: RunningTimer] {
        records.read().compactMapValues { fields in
            guard let started = Int(fields[0]), let tick = Int(fields[1]), let process = Int32(fields[2]),
                  let day = CivilDate(fields[3]) else { return nil }
            return RunningTimer(trackerID: String(fields[4]), day: day, started: started, lastTick: tick, process: process)
        }
    }
}

extension Habits {
    /// Units a timer fills: minutes, in the words people write.
    static let minuteUnits: Set<String> = ["min", "mins", "minute", "minutes", "мин", "минута", "минуты", "минут"]

    /// The tracker `id` names, if a timer may fill it: a numeric habit counted in minutes.
    public func timerTracker(_ id: String, in store: Store) throws(HabitError) -> Tracker {
        let tracker = try TrackerReference.resolve(id, in: store)
        guard let measure = tracker.measure, let unit = measure.unit, Self.minuteUnits.contains(unit.lowercased()) else {
            throw HabitError.timerNeedsMinutes(tracker: tracker.name, unit: tracker.measure?.unit)
        }
        return tracker
    }

    /// Adds a timer's whole minutes to its day, as `habit done --amount` does: one commit.
    @discardableResult
    public func addTimedMinutes(_ timer: RunningTimer, minutes: Int, today: CivilDate) throws(HabitError) -> MarkOutcome {
        try mark(.done, timer.trackerID, on: timer.day, today: today, amount: .add(Double(minutes)))
    }
}
