/// The contents of `habit.toml`: preferences and the display order of categories.
public struct Settings: Hashable, Sendable {
    public var categories: [String]
    public var weekStartsOn: Weekday
    /// Minutes after midnight at which a new day begins (night owls keep "today" until then).
    public var dayStartsAt: Int
    /// Whether each change is committed to git as it is made.
    public var autocommit: Bool
    /// Days off for every tracker, as written (`[[vacation]]`), in file order.
    public var vacations: [Vacation]

    public init(categories: [String] = [], weekStartsOn: Weekday = .monday, dayStartsAt: Int = 0, autocommit: Bool = true,
                vacations: [Vacation] = []) {
        self.categories = categories
        self.weekStartsOn = weekStartsOn
        self.dayStartsAt = dayStartsAt
        self.autocommit = autocommit
        self.vacations = vacations
    }

    /// The civil day a wall-clock moment belongs to, honouring `dayStartsAt`.
    public func today(wallClockDate: CivilDate, minutesSinceMidnight: Int) -> CivilDate {
        minutesSinceMidnight < dayStartsAt ? wallClockDate.adding(days: -1) : wallClockDate
    }
}

/// Everything in a data directory, as the program understands it.
public struct Journal: Hashable, Sendable {
    public var settings: Settings
    /// The trackers, each carrying what habit.toml says about all of them (the first day of the
    /// week, the vacations).
    public var trackers: [Tracker]

    public init(settings: Settings = Settings(), trackers: [Tracker] = []) {
        self.settings = settings
        let vacations = Vacations(settings.vacations)
        self.trackers = trackers.map { tracker in
            var tracker = tracker
            tracker.weekStartsOn = settings.weekStartsOn
            tracker.vacations = vacations
            return tracker
        }
    }

    public func tracker(id: String) -> Tracker? {
        trackers.first { $0.id == id }
    }
}
