import HabitCore
import HabitLocalization

/// A tracker's figures, in the order every front-end shows them: `habit show`, the web app's
/// details page and `habit ui`'s details all render this list, so they show the same figures in
/// the same order with the same words. Each figure is a catalog key for its label and a typed
/// value; `words(_:)` gives both in a language.
public struct TrackerFigures: Hashable, Sendable {
    public struct Figure: Hashable, Sendable {
        /// The catalog key of the figure's name ("Current streak").
        public var label: MessageKey
        public var value: Value
    }

    public enum Value: Hashable, Sendable {
        /// A quit habit's current run without a slip ("9 days clean").
        case daysClean(Int)
        /// A number of days ("18 days").
        case days(Int)
        /// A quit habit's slips, with how many a week and a month on average.
        case slips(Int, perWeek: Double, perMonth: Double)
        /// A streak in its unit ("3 weeks").
        case streak(Int, StreakUnit)
        /// The completion rate (0…1) with what it counts: done days of the due days, or met
        /// periods of the due ones for an "N per week/month" tracker.
        case completionRate(Double, done: Int, due: Int, unit: StreakUnit)
        /// No day or period has been due yet, so there is no rate.
        case nothingDueYet
        /// Loop's habit strength, 0…1.
        case strength(Double)
        /// The goal's period and the day it ends.
        case goal(Goal, end: CivilDate)
        /// No goal: the habit is kept forever.
        case forever
        /// How far the goal is: percent, days done of those required, reached or over.
        case goalProgress(percent: Double, done: Int, required: Int, isReached: Bool, isOver: Bool)
    }

    public var figures: [Figure]

    /// - Parameters:
    ///   - strength: the habit strength today (nil before the tracker has a day).
    ///   - forgivesMisses: whether the tracker has an allowance (its forgiven misses are shown).
    public init(progress: TrackerProgress, strength: Double?, forgivesMisses: Bool, today: CivilDate) {
        var figures: [Figure] = []
        func add(_ label: MessageKey, _ value: Value) { figures.append(Figure(label: label, value: value)) }
        if let record = progress.quit {
            add(.fieldClean, .daysClean(record.currentClean))
            add(.fieldBestClean, .days(record.bestClean))
            add(.fieldSlips, .slips(record.slips, perWeek: record.slipsPerWeek ?? 0, perMonth: record.slipsPerMonth ?? 0))
        }
        add(.currentStreak, .streak(progress.currentStreak, progress.streakUnit))
        add(.bestStreak, .streak(progress.bestStreak, progress.streakUnit))
        if forgivesMisses { add(.fieldForgiven, .days(progress.forgivenDays)) }
        if let rate = progress.completionRate {
            let done = progress.isPeriodic ? progress.metPeriods : progress.doneDays
            add(.fieldCompletionRate, .completionRate(rate, done: done, due: progress.dueDays, unit: progress.streakUnit))
        } else {
            add(.fieldCompletionRate, .nothingDueYet)
        }
        add(.fieldCompletions, .days(progress.completions))
        if let strength { add(.fieldStrength, .strength(strength)) }
        if let goal = progress.goal {
            add(.fieldGoal, .goal(goal.goal, end: goal.endDay))
            add(.fieldProgress, .goalProgress(percent: goal.percent, done: goal.doneDays, required: goal.requiredDays,
                                              isReached: goal.isReached, isOver: goal.isOver(today: today)))
        } else {
            add(.fieldGoal, .forever)
        }
        self.figures = figures
    }

    /// The figures of `tracker` today, its progress and strength computed here.
    public init(tracker: Tracker, today: CivilDate) {
        self.init(progress: TrackerProgress(tracker: tracker, today: today),
                  strength: HabitStrength(tracker: tracker, through: today, today: today)?.last,
                  forgivesMisses: tracker.effectiveAllowance != nil, today: today)
    }

    /// Every figure's label and value in the words of `t`.
    public func words(_ t: Messages) -> [FigureWords] {
        figures.map { $0.words(t) }
    }
}

/// A figure in words: its label, and its value in parts so that a front-end may set the figure
/// itself apart from what explains it ("**86%** (18 of 21 days)").
public struct FigureWords: Hashable, Sendable {
    public enum Emphasis: Hashable, Sendable {
        case plain
        /// The figure itself.
        case strong
        /// A figure that is missing ("nothing due yet").
        case quiet
        /// Good news ("Goal reached").
        case good
    }

    public struct Part: Hashable, Sendable {
        public var text: String
        public var emphasis: Emphasis

        public init(text: String, emphasis: Emphasis) {
            self.text = text
            self.emphasis = emphasis
        }
    }

    public var label: String
    public var parts: [Part]

    public init(label: String, parts: [Part]) {
        self.label = label
        self.parts = parts
    }

    /// The value as one line of text.
    public var value: String { parts.map(\.text).joined() }
}

extension TrackerFigures.Figure {
    public func words(_ t: Messages) -> FigureWords {
        FigureWords(label: t[label], parts: value.words(t))
    }
}

extension TrackerFigures.Value {
    /// The value's parts in the words of `t`.
    public func words(_ t: Messages) -> [FigureWords.Part] {
        func plain(_ text: String) -> FigureWords.Part { FigureWords.Part(text: text, emphasis: .plain) }
        func strong(_ text: String) -> FigureWords.Part { FigureWords.Part(text: text, emphasis: .strong) }
        switch self {
        case .daysClean(let days):
            return [strong(t.text(.daysClean, days))]
        case .days(let days):
            return [plain(t.days(days))]
        case .slips(let count, let perWeek, let perMonth):
            return [plain(t.text(.slipsRate, count, t.decimal(perWeek), t.decimal(perMonth)))]
        case .streak(let count, let unit):
            return [plain(t.streak(count, unit))]
        case .completionRate(let rate, let done, let due, let unit):
            let of: String = switch unit {
            case .days: t.ofDays(done, due)
            case .weeks: t.text(.ofWeeks, done, due)
            case .months: t.text(.ofMonths, done, due)
            }
            return [strong(t.percent(rate * 100)), plain(" (" + of + ")")]
        case .nothingDueYet:
            return [FigureWords.Part(text: t[.nothingDueYet], emphasis: .quiet)]
        case .strength(let score):
            return [strong(t.percent(score * 100))]
        case .goal(let goal, let end):
            return [plain(t.goalUntil(t.goalPeriod(goal), end: end))]
        case .forever:
            return [plain(t[.goalForever])]
        case .goalProgress(let percent, let done, let required, let isReached, let isOver):
            var parts = [strong(t.percent(percent)), plain(" (" + t.ofDays(done, required) + ")")]
            if isReached {
                parts += [plain(" · "), FigureWords.Part(text: t[.goalReached], emphasis: .good)]
            } else if isOver {
                parts += [plain(" · " + t[.goalOver])]
            }
            return parts
        }
    }
}
