import HabitCore

/// The statistics tab as data: the specs' four figures (HabitCore's `OverallStatistics`), their
/// empty state, and what habit adds per tracker (strength and streaks from `TrackerProgress` and
/// `HabitStrength`). `today` is a parameter.
public struct StatisticsScreen: Hashable, Sendable {
    public struct TrackerFigures: Hashable, Sendable, Identifiable {
        public var id: String { trackerID }
        public var trackerID: String
        public var emoji: String?
        public var name: String
        public var color: TrackerColor?
        /// Loop's habit strength today, 0…1; nil before the tracker has a day.
        public var strength: Double?
        public var currentStreak: Int
        public var bestStreak: Int
        public var streakUnit: StreakUnit
    }

    public var overall: OverallStatistics
    /// The specs' empty state: no figure has data yet.
    public var isEmpty: Bool { overall.isEmpty }
    /// Trackers that are not archived, as the day view orders a group: by name
    /// (`NameOrder`), then by file name.
    public var trackers: [TrackerFigures]

    public init(journal: Journal, today: CivilDate) {
        overall = OverallStatistics(journal: journal, today: today)
        let progress = Dictionary(TrackerProgress.all(in: journal, today: today).map { ($0.trackerID, $0) }) { first, _ in first }
        let shown = NameOrder.sorted(journal.trackers.filter { !$0.isArchived })
        trackers = shown.compactMap { tracker in
            guard let figures = progress[tracker.id] else { return nil }
            return TrackerFigures(
                trackerID: tracker.id, emoji: tracker.emoji, name: tracker.name, color: tracker.color,
                strength: HabitStrength(tracker: tracker, through: today, today: today)?.last,
                currentStreak: figures.currentStreak, bestStreak: figures.bestStreak, streakUnit: figures.streakUnit)
        }
    }
}
