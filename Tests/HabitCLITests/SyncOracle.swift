/// What the randomized sync test knows happened, and what must therefore be true at the end.
///
/// Trackers are followed by a unique `description` ("t7"), which travels with the file whatever
/// a merge does to its path or name. Each day of each tracker is marked by one machine only (the
/// machine that owns the day), so the marks of a day are totally ordered. A machine knows the
/// events it made and, after a sync, every event the remote knew; an event is superseded by a
/// later one that knew it: a new mark of the same day, or the removal of the tracker.
struct SyncOracle {
    enum Mark: String, CustomStringConvertible {
        case done = "true", skip = "\"skip\"", none = "-"
        var description: String { rawValue }
    }

    enum Action {
        case mark(tracker: String, day: String, Mark)
        case remove(tracker: String)
    }

    struct Event {
        let id: Int
        let machine: String
        let action: Action
        let knows: Set<Int>
    }

    private(set) var events: [Event] = []
    private var known: [String: Set<Int>] = [:]
    private var remoteKnows: Set<Int> = []
    /// Every tracker made, by its uid.
    private(set) var created: Set<String> = []

    mutating func made(_ uid: String) { created.insert(uid) }

    mutating func record(_ action: Action, on machine: String) {
        let id = events.count
        known[machine, default: []].insert(id)
        events.append(Event(id: id, machine: machine, action: action, knows: known[machine]!))
    }

    /// A sync that succeeded: the machine and the remote now hold the same history.
    mutating func synced(_ machine: String) {
        let union = known[machine, default: []].union(remoteKnows)
        known[machine] = union
        remoteKnows = union
    }

    /// Violations of the invariants by the final state: tracker uid → day → mark.
    func violations(in final: [String: [String: Mark]], duplicates: [String]) -> [String] {
        var problems = duplicates.map { "tracker \($0) is in two files" }
        for uid in final.keys where !created.contains(uid) { problems.append("tracker \(uid) was never made") }
        var byDay: [String: [String: [Event]]] = [:]
        var removals: [String: [Event]] = [:]
        for event in events {
            switch event.action {
            case .mark(let tracker, let day, _): byDay[tracker, default: [:]][day, default: []].append(event)
            case .remove(let tracker): removals[tracker, default: []].append(event)
            }
        }
        for (tracker, days) in byDay {
            for (day, marks) in days {
                guard let last = marks.last, case .mark(_, _, let mark) = last.action else { continue }
                // A removal that knew this mark, or an earlier mark of the day with the same value,
                // wins: a merge compares files, and undone-then-done again leaves the file as the
                // remover last saw it (a change no content can tell apart from none).
                let sameValue = marks.filter { event in
                    if case .mark(_, _, let earlier) = event.action { return earlier == mark }
                    return false
                }.map(\.id)
                let removed = removals[tracker, default: []].contains { removal in sameValue.contains { removal.knows.contains($0) } }
                let value = final[tracker]?[day] ?? .none
                if !removed {
                    if final[tracker] == nil, mark != .none {
                        problems.append("\(tracker) \(day): \(mark) by \(last.machine) (event \(last.id)) was not undone, but the tracker is gone")
                    } else if value != mark {
                        problems.append("\(tracker) \(day): expected \(mark) by \(last.machine) (event \(last.id)), found \(value)")
                    }
                }
            }
        }
        // Nothing invented: every mark at the end was made on that tracker and day by someone.
        for (tracker, days) in final {
            for (day, value) in days where value != .none {
                let made = byDay[tracker]?[day]?.contains { event in
                    if case .mark(_, _, let mark) = event.action { return mark == value }
                    return false
                } ?? false
                if !made { problems.append("\(tracker) \(day): \(value) appeared, but nobody marked it so") }
            }
        }
        return problems.sorted()
    }
}
