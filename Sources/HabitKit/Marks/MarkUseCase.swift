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
    /// Marks a day done or skipped, or clears it (nil: the whole line, note and total included).
    /// Refused for a future day, before the start, on a day a habit is not scheduled, and for an
    /// event already done on another day. A numeric habit is marked done with an `amount`; a
    /// `note` replaces the day's note (empty removes it; nil keeps it).
    @discardableResult
    public func mark(_ mark: Mark?, _ id: String, on day: CivilDate, today: CivilDate, amount: AmountChange? = nil,
                     note: String? = nil, reusing preview: Store? = nil) throws(HabitError) -> MarkOutcome {
        let verb = mark.map { $0 == .done ? "done" : "skip" } ?? "undone"
        let label = (try? TrackerReference.resolve(id, in: preview ?? read()).name) ?? id
        return try change("\(verb): \(label) \(day)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id, in: store)
            if mark != nil, let refusal = tracker.markingRefusal(on: day, today: today) {
                throw HabitError.markRefused(tracker: tracker.name, day: day, reason: refusal)
            }
            let keptNote = note ?? tracker.log.note(on: day)
            var total: Double? = nil
            let changed: Bool
            switch mark {
            case nil:
                changed = try store.setDay(nil, note: nil, on: day, trackerID: tracker.id)
            case .skipped?:
                changed = try store.setDay(.skipped, note: keptNote, on: day, trackerID: tracker.id)
            case .done?:
                if let amount {
                    guard tracker.isNumeric else { throw HabitError.notNumeric(tracker: tracker.name) }
                    let new: Double
                    switch amount {
                    case .add(let more): new = Measure.tidy((tracker.log.amount(on: day) ?? 0) + more)
                    case .set(let value): new = value
                    }
                    guard new.isFinite, new >= 0, new <= Measure.maximumAmount else {
                        throw HabitError.badTotal(tracker: tracker.name, total: new)
                    }
                    total = new
                    changed = try store.setDay(.amount(new), note: keptNote, on: day, trackerID: tracker.id)
                } else {
                    if let measure = tracker.measure { throw HabitError.amountNeeded(tracker: tracker.name, unit: measure.unit) }
                    changed = try store.setDay(.done, note: keptNote, on: day, trackerID: tracker.id)
                }
            }
            return MarkOutcome(tracker: store.journal.tracker(id: tracker.id) ?? tracker, changed: changed, total: total)
        }
    }

    /// What `habit skip TRACKER --from D --to D` did.
    public struct SkipRangeOutcome: Equatable, Sendable {
        public let tracker: Tracker
        /// Days newly skipped.
        public let skipped: Int
        /// Days left as they were because they hold a completion or a total.
        public let kept: Int
    }

    /// Skips every day of `from...to` the tracker is scheduled on (every day for periodic and
    /// interval schedules), except days that already hold a completion or a total: nothing done is
    /// lost. Refused for days after today and before the start.
    @discardableResult
    public func skip(_ id: String, from: CivilDate, to: CivilDate, today: CivilDate, note: String? = nil,
                     reusing preview: Store? = nil) throws(HabitError) -> SkipRangeOutcome {
        guard from <= to else { throw .backwardsRange(from: from, to: to) }
        let label = (try? TrackerReference.resolve(id, in: preview ?? read()).name) ?? id
        return try change("skip: \(label) \(from)…\(to)", reusing: preview) { store in
            let tracker = try TrackerReference.resolve(id, in: store)
            if to > today { throw HabitError.markRefused(tracker: tracker.name, day: to, reason: .future) }
            if let start = tracker.start, from < start {
                throw HabitError.markRefused(tracker: tracker.name, day: from, reason: .beforeStart(start))
            }
            var skipped = 0
            var kept = 0
            for day in stride(from: from, through: to, by: 1) where tracker.markingRefusal(on: day, today: today) == nil {
                let entry = tracker.log.entry(on: day)
                if entry?.mark == .done || entry?.amount != nil {
                    kept += 1
                    continue
                }
                if try store.setDay(.skipped, note: note ?? tracker.log.note(on: day), on: day, trackerID: tracker.id) { skipped += 1 }
            }
            return SkipRangeOutcome(tracker: store.journal.tracker(id: tracker.id) ?? tracker, skipped: skipped, kept: kept)
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
