import HabitCore
import HabitStore
import TOML

/// A day of a tracker's log merged three ways when both sides changed it: its value and its note
/// are decided apart (docs/sync-merge.md).
///
/// - Values: totals of a numeric habit add up (base + (ours − base) + (theirs − base)), so
///   amounts added on two machines are all counted; otherwise a quit habit's slip beats done (or
///   a total) beats skip beats no mark, ties going to theirs.
/// - Notes: changed on one side → that side's; changed on both → both kept, theirs first.
enum DayMerge {
    /// A line split into what it says and its note; nil when it is written in a shape the merge
    /// does not take apart (then the line is decided as a whole).
    struct Line: Equatable {
        /// `true`, `false`, `"skip"`, a number, or nil for a note alone.
        var value: TOMLValue?
        var note: String?
    }

    static func line(_ value: TOMLValue?) -> Line? {
        guard let value else { return Line(value: nil, note: nil) }
        switch value {
        case .boolean, .integer, .float, .string: return Line(value: value, note: nil)
        case .table(let fields):
            var line = Line(value: nil, note: nil)
            for (key, field) in fields {
                switch (LogKey(rawValue: key), field) {
                case (.done?, .boolean(let flag)): guard line.value == nil else { return nil }; line.value = .boolean(flag)
                case (.skip?, .boolean(true)): guard line.value == nil else { return nil }; line.value = .string(FormatWord.skip)
                case (.slip?, .boolean(true)): guard line.value == nil else { return nil }; line.value = .string(FormatWord.slip)
                case (.amount?, .integer), (.amount?, .float): guard line.value == nil else { return nil }; line.value = field
                case (.note?, .string(let text)): line.note = text.isEmpty ? nil : text
                default: return nil
                }
            }
            return line
        default: return nil
        }
    }

    static func number(_ value: TOMLValue?) -> Double? {
        switch value {
        case .integer(let number)?: Double(number)
        case .float(let number)?: number
        default: nil
        }
    }

    /// The line for a decided value and note, in the form `habit` writes.
    static func value(of line: Line) -> TOMLValue? {
        guard let note = line.note else { return line.value }
        var table = TOMLTable()
        switch line.value {
        case .boolean(let flag)?: table.insert(.boolean(flag), forKey: LogKey.done.rawValue, at: 0)
        case .string(FormatWord.skip)?: table.insert(.boolean(true), forKey: LogKey.skip.rawValue, at: 0)
        case .string(FormatWord.slip)?: table.insert(.boolean(true), forKey: LogKey.slip.rawValue, at: 0)
        case let number? where self.number(number) != nil: table.insert(number, forKey: LogKey.amount.rawValue, at: 0)
        case let other?: return other  // no table form for it: the value alone
        case nil: break
        }
        table.insert(.string(note), forKey: LogKey.note.rawValue, at: table.count)
        return .table(table)
    }

    /// Whether both sides changed a day's total from the base (absent or a number): the changes
    /// then add up, even when they are equal (2 added here and 2 there make 4, not 2).
    static func addsUp(base b: TOMLValue?, ours o: TOMLValue?, theirs t: TOMLValue?) -> Bool {
        guard number(o) != nil, number(t) != nil, b == nil || number(b) != nil else { return false }
        return o != b && t != b
    }

    /// Whether two whole lines that are written the same hold totals both sides changed.
    static func totalsAddUp(base: TOMLValue?, ours: TOMLValue?, theirs: TOMLValue?) -> Bool {
        guard let lb = line(base), let lo = line(ours), let lt = line(theirs) else { return false }
        return addsUp(base: lb.value, ours: lo.value, theirs: lt.value)
    }

    /// A slip (3) beats done (2, and any total) beats skip (1) beats everything else (0: no line,
    /// `false`, …): a logged slip is a fact, and keeping a "kept" day over it would invent one.
    static func rank(_ value: TOMLValue?) -> Int {
        switch value {
        case .string(FormatWord.slip)?: return 3
        case .boolean(true)?, .integer?, .float?: return 2
        case .string(FormatWord.skip)?: return 1
        default: return 0
        }
    }

    /// The merged line of a day both sides changed differently, and the note about a conflict of
    /// values decided by rank (nil when the values agreed or added up).
    static func decide(base b: TOMLValue?, ours o: TOMLValue?, theirs t: TOMLValue?)
        -> (value: TOMLValue?, conflict: (oursWins: Bool, byRank: Bool, kept: TOMLValue?, over: TOMLValue?)?)
    {
        guard let lb = line(b), let lo = line(o), let lt = line(t) else {
            let oursWins = rank(o) > rank(t)
            return (oursWins ? o : t, (oursWins, rank(o) != rank(t), oursWins ? o : t, oursWins ? t : o))
        }
        var value: TOMLValue?
        var conflict: (oursWins: Bool, byRank: Bool, kept: TOMLValue?, over: TOMLValue?)? = nil
        if addsUp(base: lb.value, ours: lo.value, theirs: lt.value),
           let ours = number(lo.value), let theirs = number(lt.value) {
            // Checked before equality: the same amount added on both machines is two additions.
            let base = number(lb.value) ?? 0
            value = LogLine.number(max(0, Measure.tidy(ours + theirs - base)))
        } else if lo.value == lt.value {
            value = lo.value
        } else if lo.value == lb.value {
            value = lt.value
        } else if lt.value == lb.value {
            value = lo.value
        } else {
            let oursWins = rank(lo.value) > rank(lt.value)
            value = oursWins ? lo.value : lt.value
            conflict = (oursWins, rank(lo.value) != rank(lt.value), oursWins ? lo.value : lt.value, oursWins ? lt.value : lo.value)
        }
        var note: String?
        if lo.note == lt.note {
            note = lo.note
        } else if lo.note == lb.note {
            note = lt.note
        } else if lt.note == lb.note {
            note = lo.note
        } else if let ours = lo.note, let theirs = lt.note {
            note = theirs.contains(ours) ? theirs : ours.contains(theirs) ? ours : theirs + "; " + ours
        } else {
            note = lo.note ?? lt.note  // a change beats a removal
        }
        if value == .boolean(false), note == nil { value = nil }
        return (Self.value(of: Line(value: value, note: note)), conflict)
    }
}
