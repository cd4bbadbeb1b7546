import TestSupport
import HabitKit
import TOML
import Testing

/// Random trackers edited at random on both sides, merged, and checked against the rules.
@Suite("Merge properties")
struct MergePropertyTests {
    enum Mark: Equatable {
        case done, skip, no

        var toml: String {
            switch self {
            case .done: return "true"
            case .skip: return "\"skip\""
            case .no: return "false"
            }
        }
    }

    struct Model {
        /// Ordered top-level keys (values already written as TOML).
        var fields: [(key: String, value: String)]
        var log: [Int: Mark]
    }

    struct Style {
        var indent = ""
        var equals = " = "
        var commentEvery = 0
        var crlf = false
        var trailingNewline = true
    }

    static func day(_ n: Int) -> String {
        // Days 1...90 from 2026-10-01.
        let months = [(10, 31), (11, 30), (12, 31)]
        var rest = n
        for (month, length) in months {
            if rest <= length { return "2026-\(month)-\(rest < 10 ? "0" : "")\(rest)" }
            rest -= length
        }
        return "2027-01-01"
    }

    static func render(_ model: Model, _ style: Style) -> String {
        var lines = ["# tracker"]
        for field in model.fields { lines.append("\(field.key) = \(field.value)") }
        lines.append("")
        lines.append("[log]")
        for (count, day) in model.log.keys.sorted().enumerated() {
            var line = "\(style.indent)\(Self.day(day))\(style.equals)\(model.log[day]!.toml)"
            if style.commentEvery > 0, count % style.commentEvery == 0 { line += "  # note \(count)" }
            lines.append(line)
        }
        var text = lines.joined(separator: style.crlf ? "\r\n" : "\n")
        if style.trailingNewline { text += style.crlf ? "\r\n" : "\n" }
        return text
    }

    static func randomMark<G: RandomNumberGenerator>(_ random: inout G) -> Mark {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6: return .done
        case 6..<9: return .skip
        default: return .no
        }
    }

    static func randomBase<G: RandomNumberGenerator>(_ random: inout G) -> Model {
        var fields: [(String, String)] = [
            ("name", "\"Run\""), ("category", "\"Health\""), ("schedule", "[\"mon\", \"wed\"]"),
        ]
        if Bool.random(using: &random) { fields.append(("emoji", "\"🏃\"")) }
        if Bool.random(using: &random) { fields.append(("pinned", "false")) }
        var log: [Int: Mark] = [:]
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            log[Int.random(in: 1...90, using: &random)] = randomMark(&random)
        }
        return Model(fields: fields, log: log)
    }

    static func edit<G: RandomNumberGenerator>(_ model: Model, _ random: inout G) -> Model {
        var model = model
        for _ in 0..<Int.random(in: 0...15, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                model.log[Int.random(in: 1...90, using: &random)] = randomMark(&random)
            case 4..<6:
                if let day = model.log.keys.sorted().randomElement(using: &random) { model.log[day] = nil }
            case 6:
                let names = ["\"Run\"", "\"Jog\"", "\"Sprint\"", "\"Walk\""]
                model.fields[0].value = names.randomElement(using: &random)!
            case 7:
                let key = ["notes", "mood", "pinned", "goal"].randomElement(using: &random)!
                let value = ["\"x\"", "3", "true", "\"30d\""].randomElement(using: &random)!
                if let index = model.fields.firstIndex(where: { $0.key == key }) {
                    model.fields[index].value = value
                } else {
                    model.fields.insert((key, value), at: Int.random(in: 1...model.fields.count, using: &random))
                }
            case 8:
                let optional = model.fields.indices.filter { !["name", "category", "schedule"].contains(model.fields[$0].key) }
                if let index = optional.randomElement(using: &random) { model.fields.remove(at: index) }
            default:
                model.fields[1].value = ["\"Health\"", "\"Sport\""].randomElement(using: &random)!
            }
        }
        return model
    }

    static func randomStyle<G: RandomNumberGenerator>(_ random: inout G) -> Style {
        Style(
            indent: ["", "", "  "].randomElement(using: &random)!,
            equals: [" = ", " = ", "=", "   =  "].randomElement(using: &random)!,
            commentEvery: [0, 0, 3, 7].randomElement(using: &random)!,
            crlf: Int.random(in: 0..<5, using: &random) == 0,
            trailingNewline: Int.random(in: 0..<8, using: &random) != 0)
    }

    static func logOf(_ text: String) -> TOMLTable {
        parsedRoot(text)?["log"]?.tableValue ?? TOMLTable()
    }

    @Test(arguments: 0..<400)
    func randomEditsMergeByTheRules(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let baseModel = Self.randomBase(&random)
        let base = Self.render(baseModel, Style())
        let ours = Self.render(Self.edit(baseModel, &random), Self.randomStyle(&random))
        let theirs = Self.render(Self.edit(baseModel, &random), Self.randomStyle(&random))

        let (outcome, _) = mergeTexts(base: base, ours: ours, theirs: theirs)
        let text = try #require(writtenText(outcome), "seed \(seed): \(outcome)")
        let root = try #require(parsedRoot(text), "seed \(seed): the result does not parse:\n\(text)")
        let (b, o, t) = (Self.logOf(base), Self.logOf(ours), Self.logOf(theirs))
        let merged = root["log"]?.tableValue ?? TOMLTable()

        // Days: a day done on a side that made it done is done; a day done in the base stays done
        // only if neither side changed it. Every value comes from one of the sides.
        var days = Set(b.keys).union(o.keys).union(t.keys)
        days.formUnion(merged.keys)
        for day in days.sorted() {
            let done = { (table: TOMLTable) in table[day] == .boolean(true) }
            let expectDone = done(b) ? (done(o) && done(t)) : (done(o) || done(t))
            #expect(done(merged) == expectDone, "seed \(seed), \(day)")
            if let value = merged[day] {
                #expect(value == o[day] || value == t[day], "seed \(seed), \(day)")
            }
            if o[day] == t[day] { #expect(merged[day] == o[day], "seed \(seed), \(day)") }
        }
        // New lines keep the log sorted.
        #expect(merged.keys == merged.keys.sorted(), "seed \(seed)")

        // Fields: three-way on values, theirs winning a clash, a change winning over a removal.
        let (rb, ro, rt) = (parsedRoot(base)!, parsedRoot(ours)!, parsedRoot(theirs)!)
        for key in Set(rb.keys).union(ro.keys).union(rt.keys).sorted() where key != "log" {
            let (vb, vo, vt) = (rb[key], ro[key], rt[key])
            let expected = vo == vt ? vo : vo == vb ? vt : vt == vb ? vo : (vt ?? vo)
            #expect(root[key] == expected, "seed \(seed), \(key)")
        }

        // merge(base, x, x) == x and merge(base, base, theirs) == theirs.
        #expect(writtenText(mergeTexts(base: base, ours: ours, theirs: ours).0) == ours)
        #expect(writtenText(mergeTexts(base: base, ours: base, theirs: theirs).0) == theirs)
        // The same with ours only reformatted, so the shortcut does not apply.
        let reformatted = "# reformatted\n" + base
        let semantic = try #require(writtenText(mergeTexts(base: base, ours: reformatted, theirs: theirs).0))
        #expect(parsedRoot(semantic) == rt, "seed \(seed)")
        let mirrored = try #require(writtenText(mergeTexts(base: base, ours: ours, theirs: reformatted).0))
        #expect(parsedRoot(mirrored) == ro, "seed \(seed)")
    }
}
