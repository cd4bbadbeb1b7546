/// Habit strength: Loop Habit Tracker's score (uhabits-core `Score.compute` and `ScoreList`), a
/// number 0…1 that rises with every completion and decays without them, more slowly for habits
/// asked less often. Definitions and worked examples in docs/statistics.md.
///
/// With frequency f = numerator / denominator (1/1 daily, k/7 on k weekdays, N/7 per week, N/30
/// per month, 1/N every N days), each day
///
///     score = previous × m + value × (1 − m),   m = 0.5^(√f / 13)
///
/// where value = min(1, the completions of the last W days ÷ N), with W = denominator and
/// N = numerator, both doubled when f < 1. A yes/no completion is 1 for a done day; a numeric
/// day counts `Measure.fraction(of:)` of its total. A skipped or vacation day keeps the previous
/// score (it still moves the window). The score starts at 0 (1 for an `at_most` habit) on the
/// tracker's start; events have none.
public struct HabitStrength: Hashable, Sendable {
    /// The first day scored (the tracker's start).
    public var first: CivilDate
    /// The score at the end of each day from `first` to the last day asked for.
    public var scores: [Double]

    public init(first: CivilDate, scores: [Double]) {
        self.first = first
        self.scores = scores
    }

    /// The score at the end of `day`; nil outside the computed range, before the first day as
    /// after the last (what a day before the start scores, 0 or 1 for an `at_most` habit, is not
    /// known here, so the caller decides).
    public func score(on day: CivilDate) -> Double? {
        let index = day.days(since: first)
        guard index < scores.count else { return nil }
        return index >= 0 ? scores[index] : nil
    }

    /// The latest score.
    public var last: Double? { scores.last }

    /// The per-day multiplier for a frequency, 0.5^(√f / 13): the score moves halfway to the
    /// day's value every 13 ÷ √f days.
    public static func multiplier(frequency: Double) -> Double {
        exponential(-(frequency.squareRoot() / 13) * 0.693_147_180_559_945_3)
    }

    /// e^x for |x| ≤ 1 by its Taylor series (HabitCore imports no math library); the exponents
    /// here are at most ln 2 ÷ 13 in size, where 20 terms are exact to the last bit.
    static func exponential(_ x: Double) -> Double {
        var result = 1.0
        var term = 1.0
        for n in 1...20 {
            term *= x / Double(n)
            result += term
        }
        return result
    }

    /// The tracker's scores from its start through `through` (days after today are not scored:
    /// the series ends at `min(through, today)`). Nil for an event.
    public init?(tracker: Tracker, through: CivilDate, today: CivilDate) {
        guard let frequency = tracker.schedule.frequency else { return nil }
        let rule = ScheduleRule(tracker, today: today)
        let start = rule.startDay
        let last = min(through.dayNumber, today.dayNumber)
        first = CivilDate(dayNumber: start)
        guard start <= last else {
            scores = []
            return
        }
        let f = Double(frequency.numerator) / Double(frequency.denominator)
        var window = frequency.denominator
        var needed = Double(frequency.numerator)
        if f < 1 {
            window *= 2
            needed *= 2
        }
        let m = HabitStrength.multiplier(frequency: f)
        let measure = tracker.measure
        var score = tracker.unmarkedIsDone ? 1.0 : 0.0
        // Completions of the last `window` days, in a ring.
        var ring = [Double](repeating: 0, count: window)
        var rolling = 0.0
        var result: [Double] = []
        result.reserveCapacity(last - start + 1)
        var cursor = MarkCursor(tracker, from: start)
        var entries = CompletionLog.Cursor(tracker.log, from: start)
        for day in start...last {
            let marks = cursor.marks(on: day)
            let entry = entries.entry(on: day)
            var value = 0.0
            if marks.effective != .skipped {
                if let measure {
                    if let amount = entry?.amount {
                        value = measure.fraction(of: amount)
                    } else if entry?.mark == .done {
                        value = 1
                    } else {
                        value = measure.fraction(of: 0)
                    }
                } else if marks.effective == .done {
                    value = 1
                }
            }
            let slot = (day - start) % window
            rolling += value - ring[slot]
            ring[slot] = value
            if marks.effective != .skipped {
                let checkmark = min(1, max(0, rolling) / needed)
                score = score * m + checkmark * (1 - m)
            }
            result.append(score)
        }
        scores = result
    }
}
