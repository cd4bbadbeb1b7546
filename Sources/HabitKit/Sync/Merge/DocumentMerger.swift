import HabitStore
import TOML

/// Merges two parsed versions of a data file against their common ancestor: decides every
/// top-level key, the `[log]` days (tracker files) and `categories` (habit.toml) on values, then
/// applies the decisions to our document as minimal edits and checks that the bytes mean exactly
/// what was decided.
struct DocumentMerger {
    static let log = TrackerKey.log.rawValue
    static let categories = SettingsKey.categories.rawValue
    static let kind = TrackerKey.kind.rawValue
    static let schedule = TrackerKey.schedule.rawValue
    static let vacation = SettingsKey.vacation.rawValue

    let path: String
    let kind: DataFileMerge.FileKind
    let base: TOMLDocument
    let ours: TOMLDocument
    let theirs: TOMLDocument
    private(set) var notes: [MergeNote] = []

    init(path: String, kind: DataFileMerge.FileKind, base: TOMLDocument, ours: TOMLDocument, theirs: TOMLDocument) {
        self.path = path
        self.kind = kind
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }

    mutating func note(_ kind: MergeNote.Kind) {
        notes.append(MergeNote(path: path, kind))
    }

    // MARK: Deciding

    /// Every key of the three sides, once: ours' order, then keys only theirs has, then keys
    /// only the base has (deterministic).
    func unionKeys(_ tables: [TOMLTable]) -> [String] {
        var seen: Set<String> = []
        var keys: [String] = []
        for table in tables {
            for key in table.keys where seen.insert(key).inserted { keys.append(key) }
        }
        return keys
    }

    /// Three-way choice of one value. Changed on one side → that side; both changed the same
    /// way → that value; both changed differently → theirs, except that a change beats a removal
    /// (nothing is lost), with a note.
    mutating func decide(_ key: String, base b: TOMLValue?, ours o: TOMLValue?, theirs t: TOMLValue?) -> TOMLValue? {
        if o == t { return o }
        if o == b { return t }
        if t == b { return o }
        switch (o, t) {
        case (nil, let t?):
            note(.removedHereChangedThere(key: key, kept: Self.show(t)))
            return t
        case (let o?, nil):
            note(.removedThereChangedHere(key: key, kept: Self.show(o)))
            return o
        case (let o?, let t?):
            note(.bothChanged(key: key, kept: Self.show(t), yours: Self.show(o), added: b == nil))
            return t
        case (nil, nil):
            return nil
        }
    }

    /// A value as it is written in TOML, shortened for a message.
    static func show(_ value: TOMLValue) -> String {
        let text = TOMLSerializer.value(value)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }

    static func isLogLike(_ value: TOMLValue?) -> Bool {
        switch value {
        case nil, .table?: return true
        default: return false
        }
    }

    static func stringList(_ value: TOMLValue?) -> [String]? {
        guard let value else { return [] }
        guard case .array(let elements) = value else { return nil }
        var names: [String] = []
        for element in elements {
            guard case .string(let name) = element else { return nil }
            names.append(name)
        }
        return names
    }

    /// The elements of an array of tables (absent: empty); nil for anything else.
    static func tableList(_ value: TOMLValue?) -> [TOMLValue]? {
        guard let value else { return [] }
        guard case .array(let elements) = value, elements.allSatisfy({ $0.tableValue != nil }) else { return nil }
        return elements
    }

    /// Vacations as a set of ranges: one a side removed is removed; one a side added is kept;
    /// ours' order, then theirs' additions.
    static func union(base: [TOMLValue], ours: [TOMLValue], theirs: [TOMLValue]) -> [TOMLValue] {
        let kept = ours.filter { !(base.contains($0) && !theirs.contains($0)) }
        return kept + theirs.filter { !base.contains($0) && !ours.contains($0) }
    }

    // MARK: Merging

    mutating func merge() -> (FileMergeOutcome, [MergeNote]) {
        let (b, o, t) = (base.root, ours.root, theirs.root)

        // Keys with their own rules.
        var special: Set<String> = []
        let mergeLog = kind == .tracker && Self.isLogLike(b[Self.log]) && Self.isLogLike(o[Self.log])
            && Self.isLogLike(t[Self.log])
        if mergeLog { special.insert(Self.log) }
        var categoryLists: (base: [String], ours: [String], theirs: [String])? = nil
        if kind == .settings, let bl = Self.stringList(b[Self.categories]), let ol = Self.stringList(o[Self.categories]),
           let tl = Self.stringList(t[Self.categories]),
           b[Self.categories] != nil || o[Self.categories] != nil || t[Self.categories] != nil
        {
            categoryLists = (bl, ol, tl)
            special.insert(Self.categories)
        }

        var vacationTarget: [TOMLValue]? = nil
        if kind == .settings, let bl = Self.tableList(b[Self.vacation]), let ol = Self.tableList(o[Self.vacation]),
           let tl = Self.tableList(t[Self.vacation]),
           b[Self.vacation] != nil || o[Self.vacation] != nil || t[Self.vacation] != nil
        {
            special.insert(Self.vacation)
            let merged = Self.union(base: bl, ours: ol, theirs: tl)
            if merged != ol { vacationTarget = merged }
        }

        // Plain keys: three-way on values.
        var decided: [(key: String, value: TOMLValue?)] = []
        for key in unionKeys([o, t, b]) where !special.contains(key) {
            decided.append((key, decide(key, base: b[key], ours: o[key], theirs: t[key])))
        }
        if kind == .tracker { keepKindAndScheduleConsistent(&decided) }
        let changes = decided.filter { $0.value != o[$0.key] }

        var expected = o
        for change in changes { expected[change.key] = change.value }

        // The log, as a set of days.
        var logPlan: LogPlan? = nil
        if mergeLog {
            var plan = LogPlan.make(
                base: b[Self.log]?.tableValue ?? TOMLTable(), ours: o[Self.log]?.tableValue,
                theirs: t[Self.log]?.tableValue ?? TOMLTable())
            for conflict in plan.conflicts { note(conflict) }
            plan.conflicts = []
            if o[Self.log] != nil || !plan.merged.isEmpty {
                expected[Self.log] = .table(plan.merged)
            }
            if !plan.isEmpty { logPlan = plan }
        }

        // Categories, as an ordered union.
        var categoryTarget: [String]? = nil
        if let lists = categoryLists {
            var listMerge = OrderedUnion(base: lists.base, ours: lists.ours, theirs: lists.theirs)
            let merged = listMerge.merge()
            for message in listMerge.notes { note(message) }
            let present = o[Self.categories] != nil || !merged.isEmpty
                || (t[Self.categories] != nil && b[Self.categories] == nil)
            if present, merged != lists.ours || o[Self.categories] == nil {
                categoryTarget = merged
                expected[Self.categories] = .array(merged.map { .string($0) })
            }
        }

        if let target = vacationTarget { expected[Self.vacation] = target.isEmpty ? nil : .array(target) }

        // Apply to our document.
        var editor = MergeEditor(document: ours, source: theirs)
        do {
            for change in changes { try editor.set(change.key, to: change.value) }
            if let target = categoryTarget { editor.setList(Self.categories, to: target) }
            if let target = vacationTarget { try editor.setTables(Self.vacation, to: target) }
            if let plan = logPlan { try editor.applyLog(plan) }
        } catch {
            return (.conflict(.cannotApply(path: path, detail: "\(error)")), notes)
        }
        guard editor.document.root == expected else {
            return (.conflict(.resultMismatch(path: path)), notes)
        }
        // Comments the other machine added come along (they change no value).
        let withComments = CommentCarrier(base: base, theirs: theirs).carry(into: editor.document)
        return (.write(withComments.bytes), notes)
    }

    // MARK: Tracker rules

    /// `kind = "event"` goes without a schedule and a habit needs one. Each side is consistent
    /// on its own, but taking `kind` from one side and `schedule` from the other may not be:
    /// then the pair comes from one side, theirs first.
    mutating func keepKindAndScheduleConsistent(_ decided: inout [(key: String, value: TOMLValue?)]) {
        func value(_ key: String) -> TOMLValue? { decided.first { $0.key == key }?.value ?? nil }
        func consistent(_ kind: TOMLValue?, _ schedule: TOMLValue?) -> Bool {
            kind == .string(FormatWord.event) ? schedule == nil : schedule != nil
        }
        guard !consistent(value(Self.kind), value(Self.schedule)) else { return }
        let pair: (TOMLValue?, TOMLValue?)
        let keptYours: Bool
        if consistent(theirs.root[Self.kind], theirs.root[Self.schedule]) {
            pair = (theirs.root[Self.kind], theirs.root[Self.schedule])
            keptYours = false
        } else if consistent(ours.root[Self.kind], ours.root[Self.schedule]) {
            pair = (ours.root[Self.kind], ours.root[Self.schedule])
            keptYours = true
        } else {
            return
        }
        for (key, newValue) in [(Self.kind, pair.0), (Self.schedule, pair.1)] {
            if let index = decided.firstIndex(where: { $0.key == key }) {
                decided[index].value = newValue
            } else if newValue != nil {
                decided.append((key, newValue))
            }
        }
        let isEvent = pair.0 == .string(FormatWord.event)
        note(.kindAndSchedule(keptYours: keptYours, event: isEvent, schedule: isEvent ? nil : pair.1.map(Self.show)))
    }
}
