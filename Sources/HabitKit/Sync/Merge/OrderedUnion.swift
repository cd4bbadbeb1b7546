import HabitCore

/// The ordered union of a list of names (`categories` in habit.toml).
///
/// - A name in the base that one side removed is removed (a rename is a removal plus an addition).
/// - Every name either side added is kept.
/// - Order: ours' order; a name only theirs added goes right after the nearest name before it in
///   theirs' list that is in the result, or, if none is, right before the nearest one after it,
///   or else at the end.
/// - No two names equal ignoring case: when both sides added the same name in different case,
///   theirs' spelling wins (in ours' position).
struct OrderedUnion {
    let base: [String]
    let ours: [String]
    let theirs: [String]
    private(set) var notes: [MergeNote.Kind] = []

    init(base: [String], ours: [String], theirs: [String]) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }

    mutating func merge() -> [String] {
        let inBase = Set(base)
        let inOurs = Set(ours)
        let inTheirs = Set(theirs)
        var result: [String] = []
        for name in ours where !(inBase.contains(name) && !inTheirs.contains(name)) {
            result.append(name)
        }
        for (position, name) in theirs.enumerated() where !inBase.contains(name) && !inOurs.contains(name) {
            let key = TrackerName.key(name)
            if let clash = result.firstIndex(where: { TrackerName.key($0) == key }) {
                if !inBase.contains(result[clash]), inOurs.contains(result[clash]) {
                    notes.append(.categorySpelling(kept: name, yours: result[clash]))
                    result[clash] = name
                }
                continue
            }
            var index = result.count
            if let before = theirs[..<position].reversed().lazy.compactMap({ result.firstIndex(of: $0) }).first {
                index = before + 1
            } else if let after = theirs[(position + 1)...].lazy.compactMap({ result.firstIndex(of: $0) }).first {
                index = after
            }
            result.insert(name, at: index)
        }
        return result
    }
}
