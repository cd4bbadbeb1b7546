import HabitStore
import TOML

/// The `[log]` of a tracker merged as a set of days, and the edits that turn ours into it.
struct LogPlan {
    /// The merged log.
    var merged: TOMLTable
    /// Keys of ours' log to delete.
    var removals: [String] = []
    /// Keys of ours' log whose value changes.
    var updates: [(key: String, value: TOMLValue)] = []
    /// Keys ours' log lacks, sorted (dates sort by their text).
    var additions: [(key: String, value: TOMLValue)] = []
    /// Days both sides changed differently.
    var conflicts: [MergeNote.Kind] = []

    var isEmpty: Bool { removals.isEmpty && updates.isEmpty && additions.isEmpty }

    static func describe(_ value: TOMLValue?) -> MergeNote.DayMark {
        switch value {
        case nil: return .none
        case .boolean(true)?: return .done
        case .string(FormatWord.skip)?: return .skip
        case .string(FormatWord.slip)?: return .slip
        case .boolean(false)?: return .notDone
        case .table?:
            // A line with a note: name what it says.
            guard let line = DayMerge.line(value), line.value != nil else { return .none }
            return describe(line.value)
        case let other?: return .other(DocumentMerger.show(other))
        }
    }

    static func make(base: TOMLTable, ours: TOMLTable?, theirs: TOMLTable) -> LogPlan {
        let ourLog = ours ?? TOMLTable()
        var entries: [(String, TOMLValue)] = []
        entries.reserveCapacity(ourLog.count + 16)
        var plan = LogPlan(merged: TOMLTable())

        func decide(_ key: String, _ b: TOMLValue?, _ o: TOMLValue?, _ t: TOMLValue?) -> TOMLValue? {
            if o == t, !DayMerge.totalsAddUp(base: b, ours: o, theirs: t) { return o }
            if o == b { return t }
            if t == b { return o }
            let decision = DayMerge.decide(base: b, ours: o, theirs: t)
            if let conflict = decision.conflict {
                plan.conflicts.append(.dayConflict(
                    day: key, kept: describe(conflict.kept), over: describe(conflict.over), keptYours: conflict.oursWins,
                    byRank: conflict.byRank))
            }
            return decision.value
        }

        for (key, o) in ourLog {
            let result = decide(key, base[key], o, theirs[key])
            if let result {
                entries.append((key, result))
                if result != o { plan.updates.append((key, result)) }
            } else {
                plan.removals.append(key)
            }
        }
        var added: [(key: String, value: TOMLValue)] = []
        for (key, t) in theirs where !ourLog.contains(key) {
            if let result = decide(key, base[key], nil, t) { added.append((key, result)) }
        }
        // Days only the base has were removed on both sides, or by ours with theirs untouched.
        for (key, b) in base where !ourLog.contains(key) && !theirs.contains(key) {
            if let result = decide(key, b, nil, nil) { added.append((key, result)) }
        }
        added.sort { $0.key < $1.key }
        plan.additions = added
        for entry in added { entries.append((entry.key, entry.value)) }
        plan.merged = TOMLTable(entries)
        return plan
    }
}
