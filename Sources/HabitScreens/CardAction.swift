import HabitCore
import HabitLocalization

extension DayScreen {
    /// What a card's foot counts: a quit habit's days without a slip, else its done days.
    public enum Count: Hashable, Sendable {
        case clean(days: Int)
        case done(days: Int)

        /// "9 days without a slip", "12 days".
        public func words(_ t: Messages) -> String {
            switch self {
            case .clean(let days): t.text(.formCleanDays, days)
            case .done(let days): t.days(days)
            }
        }
    }

    /// What a tap on a card (Space in `habit ui`) sets the day to: every front-end asks this, so
    /// done↔undone, slip↔unslip and when an amount is asked are decided here once. Each says what
    /// the day must become (never "toggle"), so making the same mark twice changes nothing.
    public enum NextMark: Hashable, Sendable {
        /// Mark the day done.
        case done
        /// Clear the day's mark (done, or a numeric habit's skip, after which it takes an amount again).
        case undone
        /// Log a quit habit's slip.
        case slip
        /// Remove the day's slip.
        case unslip
        /// Ask the day's amount of a numeric habit, starting from its total so far.
        case amount(total: Double, of: Measure)

        /// The mark a tap makes once this one is made: done↔undone, slip↔unslip; an amount is
        /// asked again.
        public var following: NextMark {
            switch self {
            case .done: .undone
            case .undone: .done
            case .slip: .unslip
            case .unslip: .slip
            case .amount: self
            }
        }
    }

    /// The card of one tracker on `day`, as the day's screen shows it (after a change to it, say).
    public static func card(of tracker: Tracker, on day: CivilDate, today: CivilDate) -> Card {
        card(Agenda.Row(tracker: tracker, status: tracker.status(on: day, today: today)), today: today)
    }
}

extension DayScreen.Card {
    public var count: DayScreen.Count {
        if case .clean(let days)? = progress { .clean(days: days) } else { .done(days: doneDays) }
    }

    /// A habit to quit logs or removes the day's slip; a numeric habit asks an amount unless the
    /// day is skipped (the tap clears the skip); any other card is marked done or cleared.
    public var nextMark: DayScreen.NextMark {
        if case .clean? = progress { return state == .slipped ? .unslip : .slip }
        if case .amount(let total, let measure)? = progress { return .amount(total: total, of: measure) }
        if isNumeric { return .undone }
        return state == .done ? .undone : .done
    }
}
