/// On which weekdays a tracker is actually done: for each weekday, its done days (on schedule or
/// not) out of the days of that weekday from the tracker's start to today (docs/statistics.md,
/// "Trends").
public struct WeekdayProfile: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var weekday: Weekday
        /// Days of this weekday that were done, on schedule or off it.
        public var done: Int
        /// Days of this weekday from the start to today (today included once done).
        public var days: Int
        // Only this module computes one: the memberwise initialiser serves.

        /// `done / days` in 0…1; nil before any such day.
        public var share: Double? { days > 0 ? Double(done) / Double(days) : nil }
    }

    /// In the order of the week, starting on `weekStartsOn`.
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public init(tracker: Tracker, today: CivilDate, weekStartsOn: Weekday) {
        var done = [Int](repeating: 0, count: 8)
        var days = [Int](repeating: 0, count: 8)
        let walk = TrackerWalk(tracker, today: today)
        if walk.startDay <= today.dayNumber {
            walk.walk(from: walk.startDay, through: today.dayNumber) { day, state, _ in
                let weekday = CivilDate(dayNumber: day).weekday.rawValue
                // Today counts once it is done: until then it is not a day that was missed.
                if day == today.dayNumber, !state.isDone { return }
                days[weekday] += 1
                if state.isDone { done[weekday] += 1 }
            }
        }
        entries = Weekday.week(startingOn: weekStartsOn).map { Entry(weekday: $0, done: done[$0.rawValue], days: days[$0.rawValue]) }
    }
}
