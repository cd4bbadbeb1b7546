/// The contents of `habit.toml`: preferences and the display order of categories.
public struct Settings: Hashable, Sendable {
    public var categories: [String]
    /// `week_starts_on` as habit.toml writes it; nil when habit.toml does not say.
    public var weekStartsOnSetting: Weekday?
    /// The first day of the weeks that statistics count in ("3 per week", forgiven misses, weekly
    /// trends): the setting, else Monday — never the reader's language, so the same files count
    /// the same on every machine.
    public var weekStartsOn: Weekday {
        get { weekStartsOnSetting ?? .monday }
        set { weekStartsOnSetting = newValue }
    }
    /// Minutes after midnight at which a new day begins (night owls keep "today" until then).
    public var dayStartsAt: Int
    /// Whether each change is committed to git as it is made.
    public var autocommit: Bool
    /// Days off for every tracker, as written (`[[vacation]]`), in file order.
    public var vacations: [Vacation]

    public init(categories: [String] = [], weekStartsOn: Weekday? = nil, dayStartsAt: Int = 0, autocommit: Bool = true,
                vacations: [Vacation] = []) {
        self.categories = categories
        weekStartsOnSetting = weekStartsOn
        self.dayStartsAt = dayStartsAt
        self.autocommit = autocommit
        self.vacations = vacations
    }

    /// The first column of every calendar and week shown (month grids, year heatmaps, week
    /// strips, weekday header rows): the setting when habit.toml has one, else the first day of the
    /// week of the reader's language (`Language.firstWeekday`). The one place this rule is made.
    public func calendarWeekStart(languageFirstWeekday: Weekday) -> Weekday {
        weekStartsOnSetting ?? languageFirstWeekday
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
