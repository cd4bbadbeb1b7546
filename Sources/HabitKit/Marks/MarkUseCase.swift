import HabitCore
import HabitStore

/// What marking a day did.
public struct MarkOutcome: Equatable, Sendable {
    public let tracker: Tracker
    /// False when the day already was as asked.
    public let changed: Bool
    /// A numeric habit's total for the day afterwards.
    public let total: Double?

    public init(tracker: Tracker, changed: Bool, total: Double? = nil) {
        self.tracker = tracker
        self.changed = changed
        self.total = total
    }
}

/// How `habit done --amount/--set` changes a numeric habit's total for the day.
public enum AmountChange: Equatable, Sendable {
    /// Adds to the day's total (a negative amount corrects it).
    case add(Double)
    /// Replaces the day's total.
    case set(Double)
}

extension Habits {
    /// Marks a day done, skipped or slipped, or clears it (nil: the whole line, note and total
    /// included). Refused for a future day, before the start, on a day a habit is not scheduled,
    /// for an event already done on another day, and for a slip on a habit that is not a quit
    /// habit. A numeric habit is marked done with an `amount`; a `note` replaces the day's note
    /// (empty removes it; nil keeps it).
    @discardableResult
    public func mark(_ mark: Mark?, _ id: String, on day: CivilDate, today: CivilDate, amount: AmountChange? = nil,
                     note: String? = nil, reusing preview: Store? = nil) throws(HabitError) -> MarkOutcome {
        let label = (try? TrackerReference.resolve(id, in: preview ?? read()).name) ?? id
        return try change("\(Self.verb(mark)): \(label) \(day)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id, in: store)
            if mark != nil, let refusal = tracker.markingRefusal(on: day, today: today) {
                throw HabitError.markRefused(tracker: tracker.name, day: day, reason: refusal)
            }
            try Self.checkMarkable(mark, tracker, amount: amount)
            let (changed, total) = try Self.write(mark, on: day, of: tracker, amount: amount, note: note, in: store)
            return MarkOutcome(tracker: store.journal.tracker(id: tracker.id) ?? tracker, changed: changed, total: total)
        }
    }

    /// Removes a quit habit's slip on a day, keeping the day's note; false (unchanged) when the
    /// day has no slip, whatever else it holds.
    @discardableResult
    public func unslip(_ id: String, on day: CivilDate, today: CivilDate, reusing preview: Store? = nil) throws(HabitError) -> MarkOutcome {
        let label = (try? TrackerReference.resolve(id, in: preview ?? read()).name) ?? id
        return try change("unslip: \(label) \(day)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id, in: store)
            guard tracker.isQuit else { throw HabitError.notQuit(tracker: tracker.name) }
            guard tracker.log.mark(on: day) == .slipped else { return MarkOutcome(tracker: tracker, changed: false) }
            let changed = try store.setDay(nil, note: tracker.log.note(on: day), on: day, trackerID: tracker.id)
            return MarkOutcome(tracker: store.journal.tracker(id: tracker.id) ?? tracker, changed: changed)
        }
    }

    /// What marking a range of days did (`habit done|undone|skip TRACKER --from D --to D`).
    public struct RangeOutcome: Equatable, Sendable {
        public let tracker: Tracker
        /// Days changed.
        public let changed: Int
        /// Days a skip left as they were because they hold a completion or a total.
        public let kept: Int

        /// Days newly skipped (a skip range's name for `changed`).
        public var skipped: Int { changed }
    }

    /// Marks every day of `from...to` the tracker is scheduled on (every day for periodic and
    /// interval schedules) as one change, by the same rule as one day: done (a numeric habit's
    /// `amount` applies to each day), skipped (days that hold a completion or a total are kept:
    /// nothing done is lost) or cleared (nil: every line in the range). Refused for days after
    /// today and before the start, and for done on an event (it is done once).
    @discardableResult
    public func mark(_ mark: Mark?, _ id: String, from: CivilDate, to: CivilDate, today: CivilDate,
                     amount: AmountChange? = nil, note: String? = nil,
                     reusing preview: Store? = nil) throws(HabitError) -> RangeOutcome {
        guard from <= to else { throw .backwardsRange(from: from, to: to) }
        let label = (try? TrackerReference.resolve(id, in: preview ?? read()).name) ?? id
        return try change("\(Self.verb(mark)): \(label) \(from)…\(to)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id, in: store)
            try Self.checkMarkable(mark, tracker, amount: amount)
            if mark == .done, tracker.isEvent { throw HabitError.eventRange(tracker: tracker.name) }
            if mark != nil {
                if to > today { throw HabitError.markRefused(tracker: tracker.name, day: to, reason: .future) }
                if let start = tracker.start, from < start {
                    throw HabitError.markRefused(tracker: tracker.name, day: from, reason: .beforeStart(start))
                }
            }
            var changed = 0
            var kept = 0
            for day in stride(from: from, through: to, by: 1) {
                let current = store.journal.tracker(id: tracker.id) ?? tracker
                if mark != nil, current.markingRefusal(on: day, today: today) != nil { continue }
                if mark == .skipped {
                    let entry = current.log.entry(on: day)
                    if entry?.mark == .done || entry?.amount != nil {
                        kept += 1
                        continue
                    }
                }
                if try Self.write(mark, on: day, of: current, amount: amount, note: note, in: store).changed { changed += 1 }
            }
            return RangeOutcome(tracker: store.journal.tracker(id: tracker.id) ?? tracker, changed: changed, kept: kept)
        }
    }

    /// What `habit skip TRACKER --from D --to D` did.
    public typealias SkipRangeOutcome = RangeOutcome

    /// Skips every day of `from...to` the tracker is scheduled on; see `mark(_:_:from:to:…)`.
    @discardableResult
    public func skip(_ id: String, from: CivilDate, to: CivilDate, today: CivilDate, note: String? = nil,
                     reusing preview: Store? = nil) throws(HabitError) -> RangeOutcome {
        try mark(.skipped, id, from: from, to: to, today: today, note: note, reusing: preview)
    }

    private static func verb(_ mark: Mark?) -> String {
        switch mark {
        case .done?: "done"
        case .skipped?: "skip"
        case .slipped?: "slip"
        case nil: "undone"
        }
    }

    /// What no day of the tracker can take, whichever day it is.
    private static func checkMarkable(_ mark: Mark?, _ tracker: Tracker, amount: AmountChange?) throws(HabitError) {
        if mark == .slipped, !tracker.isQuit { throw .notQuit(tracker: tracker.name) }
        guard mark == .done else { return }
        if amount != nil, !tracker.isNumeric { throw .notNumeric(tracker: tracker.name) }
        if amount == nil, let measure = tracker.measure { throw .amountNeeded(tracker: tracker.name, unit: measure.unit) }
    }

    /// Writes one day: the one rule for a single day and for ranges. Returns whether the file
    /// changed and a numeric day's new total.
    private static func write(_ mark: Mark?, on day: CivilDate, of tracker: Tracker, amount: AmountChange?, note: String?,
                              in store: Store) throws -> (changed: Bool, total: Double?) {
        let keptNote = note ?? tracker.log.note(on: day)
        switch mark {
        case nil:
            return (try store.setDay(nil, note: nil, on: day, trackerID: tracker.id), nil)
        case .skipped?:
            return (try store.setDay(.skipped, note: keptNote, on: day, trackerID: tracker.id), nil)
        case .slipped?:
            return (try store.setDay(.slipped, note: keptNote, on: day, trackerID: tracker.id), nil)
        case .done?:
            guard let amount else { return (try store.setDay(.done, note: keptNote, on: day, trackerID: tracker.id), nil) }
            let new: Double
            switch amount {
            case .add(let more): new = Measure.tidy((tracker.log.amount(on: day) ?? 0) + more)
            case .set(let value): new = value
            }
            guard new.isFinite, new >= 0, new <= Measure.maximumAmount else {
                throw HabitError.badTotal(tracker: tracker.name, total: new)
            }
            return (try store.setDay(.amount(new), note: keptNote, on: day, trackerID: tracker.id), new)
        }
    }

    /// What `habit skip --all` did.
    public struct VacationOutcome: Equatable, Sendable {
        public let vacation: Vacation
        /// False when every day of it already was a vacation day.
        public let added: Bool
    }

    /// Adds a vacation for every tracker (`[[vacation]]` in habit.toml): its days are excused like
    /// skips. Days ahead are allowed: a vacation is often planned.
    @discardableResult
    public func addVacation(from: CivilDate, to: CivilDate, reusing preview: Store? = nil) throws(HabitError) -> VacationOutcome {
        guard from <= to else { throw .backwardsRange(from: from, to: to) }
        let vacation = Vacation(from: from, to: to)
        return try change("skip --all: \(from)…\(to)", reusing: preview) { store in
            if Vacations(store.settings.vacations).covers(from: from, through: to) {
                return VacationOutcome(vacation: vacation, added: false)
            }
            try store.addVacation(vacation)
            return VacationOutcome(vacation: vacation, added: true)
        }
    }
}
