import Foundation
import TOML
import Testing
import TestSupport

/// Generated TOML documents decode to the same values with our parser and with Python's `tomllib`,
/// and our printer's output reads back to the same values.
@Suite("Differential: our parser against tomllib")
struct DifferentialTests {
    static let documentCount = 400

    // MARK: - Generator

    /// Seeded random TOML 1.0 documents: tables, arrays of tables, dotted keys, inline tables,
    /// every scalar type with escapes, unicode, special floats and all four date-time kinds.
    struct Generator {
        var random: SeededGenerator
        var counter = 0

        init(seed: UInt64) { random = SeededGenerator(seed: seed) }

        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(random.next() % UInt64(range.count))
        }

        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

        mutating func pick<T>(_ options: [T]) -> T { options[int(0...options.count - 1)] }

        mutating func fresh() -> Int {
            counter += 1
            return counter
        }

        /// A key, written bare, quoted (with escapes and unicode) or literal. Unique by its counter.
        mutating func key() -> String {
            let n = fresh()
            switch int(0...5) {
            case 0: return "\"key \(n) ü\\t\\u00e9\""
            case 1: return "'lit.\(n)'"
            case 2: return "k-\(n)_x"
            case 3: return "\"\(n)\""
            case 4: return "\"日本\(n) 🏃\""
            default: return "k\(n)"
            }
        }

        /// - Parameter crlf: in a multi-line string with CRLF lines, a `\r` escape right before a line
        ///   break would make the newline normalisation below ambiguous; leave it out there.
        mutating func basicStringBody(crlf: Bool = false) -> String {
            var text = ""
            for _ in 0..<int(0...6) {
                if crlf && chance(10) { continue }
                text += pick(crlf ? ["plain", " ", "\\t", "\\u00E9", "é", "\\\"", "日本語"] : [
                    "plain", " ", "\\\"", "\\\\", "\\b", "\\t", "\\n", "\\f", "\\r", "\\u00E9", "\\U0001F3C3", "\\u0000",
                    "\\u001B", "\\u007F", "é", "日本語", "🏃‍♀️", "\u{202E}", "#not a comment", "'", "\\u0085",
                ])
            }
            return text
        }

        mutating func scalar() -> String {
            switch int(0...20) {
            case 0, 1: return "\"\(basicStringBody())\""
            case 2: return "'" + pick(["C:\\path\\x", "no \"escapes\" \\n", "", "ünï ✓", "tab\there"]) + "'"
            case 3:
                let newline = pick(["\n", "\r\n"])
                let crlf = newline == "\r\n"
                return "\"\"\"" + newline + basicStringBody(crlf: crlf) + "\\" + newline + "   " + basicStringBody(crlf: crlf) + newline
                    + "two \"\" quotes\"\"\""
            case 4: return "'''" + pick(["\n", ""]) + pick(["raw \\n ' '' here", "line1\nline2", "é '' x"]) + "'''"
            case 5: return pick(["0", "+17", "-17", "1_000_000", "9223372036854775807", "-9223372036854775808"])
            case 6: return pick(["0xDEAD_beef", "0o755", "0b1101_0101", "0x0", "0o0", "+0", "-0"])
            case 7: return pick(["3.14", "-0.0", "+0.0", "1e10", "+1e10", "6.626e-34", "5e+22", "1_000.5_5", "-2E-2", "1.7976931348623157e308"])
            case 8: return pick(["inf", "+inf", "-inf", "nan", "+nan", "-nan"])
            case 9: return pick(["true", "false"])
            case 10:
                return pick(["1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00", "1979-05-27T00:32:00.999999-07:00",
                             "1979-05-27 07:32:00Z", "2026-02-28T23:59:59.5+05:30", "1979-05-27t07:32:00z", "2000-02-29T12:00:00.123+00:00"])
            case 11: return pick(["1979-05-27T07:32:00", "1979-05-27T00:32:00.999999", "2026-12-31 23:59:59.25"])
            case 12: return pick(["1979-05-27", "2024-02-29", "0001-01-01", "9999-12-31"])
            case 13: return pick(["07:32:00", "00:32:00.999999", "23:59:59.5"])
            case 14, 15, 16: return array(depth: 0)
            case 17, 18: return inlineTable(depth: 0)
            default: return String(int(-1000...1000))
            }
        }

        mutating func value(depth: Int) -> String {
            if depth > 3 { return pick(["1", "\"leaf\"", "2.5", "true"]) }
            switch int(0...9) {
            case 0: return array(depth: depth + 1)
            case 1: return inlineTable(depth: depth + 1)
            default: return scalar()
            }
        }

        mutating func array(depth: Int) -> String {
            if depth > 3 { return "[]" }
            let count = int(0...4)
            var items: [String] = []
            for _ in 0..<count { items.append(depth < 3 && chance(15) ? array(depth: depth + 1) : value(depth: depth + 1)) }
            if chance(30) {
                // Multi-line with comments and a trailing comma.
                return "[\n  " + items.map { $0 + ", # note\n  " }.joined() + "]"
            }
            return "[" + items.joined(separator: ", ") + (chance(20) && !items.isEmpty ? ",]" : "]")
        }

        mutating func inlineTable(depth: Int) -> String {
            if depth > 3 { return "{}" }
            var entries: [String] = []
            for _ in 0..<int(0...3) {
                let key = chance(25) ? key() + "." + key() : key()
                entries.append("\(key) = \(value(depth: depth + 1))")
            }
            return entries.isEmpty ? "{}" : "{ " + entries.joined(separator: ", ") + " }"
        }

        mutating func keyValues(_ count: Int) -> String {
            var text = ""
            for _ in 0..<count {
                let key = chance(20) ? key() + "." + key() + (chance(30) ? "." + key() : "") : key()
                let spacing = pick([" = ", "=", "  =\t", " =  "])
                text += key + spacing + scalar() + (chance(20) ? " # trailing comment" : "") + "\n"
                if chance(10) { text += "\n# a comment line\n" }
            }
            return text
        }

        mutating func document() -> String {
            var text = chance(10) ? "# generated document\n" : ""
            text += keyValues(int(0...6))
            for _ in 0..<int(0...4) {
                switch int(0...2) {
                case 0:
                    let name = key()
                    text += "\n[\(name)]\n" + keyValues(int(0...4))
                    if chance(50) { text += "\n[ \(name) . \(key()) ]\n" + keyValues(int(0...3)) }
                case 1:
                    let name = key()
                    for _ in 0..<int(1...3) {
                        text += "\n[[\(name)]]\n" + keyValues(int(0...3))
                        if chance(40) { text += "[[\(name).\(key())]]\n" + keyValues(int(0...2)) }
                    }
                default:
                    text += "\n[\(key()).\(key())]\n" + keyValues(int(1...3))
                }
            }
            return text
        }
    }

    // MARK: - Comparison

    /// The toml-test tagged JSON in a form where equal values compare equal: floats by value,
    /// integers by value, date-times with a 6-digit fraction and a numeric offset.
    static func normalize(_ json: Any) -> Any {
        if let array = json as? [Any] { return array.map(normalize) }
        guard let object = json as? [String: Any] else { return json }
        if object.count == 2, let type = object["type"] as? String, let value = object["value"] as? String {
            // TOML lets a parser normalise the newlines of a multi-line string: tomllib turns CRLF
            // into LF, ours keeps the bytes (it is lossless). Both are right; compare them as equal.
            if type == "string" { return ["type": type, "value": value.replacingOccurrences(of: "\r\n", with: "\n")] }
            return ["type": type, "value": normalizeScalar(type: type, value)]
        }
        return object.mapValues(normalize)
    }

    static func normalizeScalar(type: String, _ value: String) -> String {
        switch type {
        case "float":
            let lower = value.lowercased()
            if lower.contains("nan") { return "nan" }
            if lower.contains("inf") { return lower.hasPrefix("-") ? "-inf" : "inf" }
            guard let number = Double(value.replacingOccurrences(of: "_", with: "")) else { return "bad float \(value)" }
            return number == 0 ? (number.sign == .minus ? "-0" : "0") : "\(number)"
        case "integer":
            return Int64(value).map(String.init) ?? "bad integer \(value)"
        case "datetime", "datetime-local", "time-local":
            var text = value.uppercased().replacingOccurrences(of: " ", with: "T")
            var offset = ""
            if type == "datetime" {
                if text.hasSuffix("Z") {
                    text.removeLast()
                    offset = "+00:00"
                } else {
                    offset = String(text.suffix(6))
                    text.removeLast(6)
                }
            }
            var fraction = ""
            if let dot = text.firstIndex(of: ".") {
                fraction = String(text[text.index(after: dot)...])
                text = String(text[..<dot])
            }
            fraction = String((fraction + "000000").prefix(6))
            return text + "." + fraction + offset
        default:
            return value
        }
    }

    /// Converts with Python's tomllib; one process for all documents. nil when python3 or tomllib is missing.
    static func tomllib(_ documents: [String], scratch: ScratchDirectory) throws -> [String?]? {
        let script = """
            import sys, json, datetime, math, os
            try:
                import tomllib
            except ImportError:
                sys.exit(3)
            def tag(v):
                if isinstance(v, dict): return {k: tag(x) for k, x in v.items()}
                if isinstance(v, list): return [tag(x) for x in v]
                if isinstance(v, bool): return {"type": "bool", "value": "true" if v else "false"}
                if isinstance(v, int): return {"type": "integer", "value": str(v)}
                if isinstance(v, float):
                    if math.isnan(v): s = "nan"
                    elif math.isinf(v): s = "inf" if v > 0 else "-inf"
                    else: s = repr(v)
                    return {"type": "float", "value": s}
                if isinstance(v, str): return {"type": "string", "value": v}
                if isinstance(v, datetime.datetime):
                    return {"type": "datetime" if v.tzinfo else "datetime-local", "value": v.isoformat()}
                if isinstance(v, datetime.date): return {"type": "date-local", "value": v.isoformat()}
                if isinstance(v, datetime.time): return {"type": "time-local", "value": v.isoformat()}
                raise TypeError(type(v))
            folder = sys.argv[1]
            for name in sorted(os.listdir(folder), key=int):
                with open(os.path.join(folder, name), "rb") as f:
                    try:
                        out = json.dumps(tag(tomllib.load(f)))
                    except tomllib.TOMLDecodeError as e:
                        out = "ERROR " + str(e)
                with open(os.path.join(folder + "-out", name), "w") as f:
                    f.write(out)
            """
        let input = scratch.sub("docs"), output = scratch.sub("docs-out")
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for (index, document) in documents.enumerated() {
            try Data(document.utf8).write(to: URL(fileURLWithPath: "\(input)/\(index)"))
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
        let python = try ChildProcess("/usr/bin/python3", ["-c", script, input], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                               scratch: scratch.path).wait(timeout: 60)
        if python.status == 3 { return nil }
        guard python.succeeded else { throw Failure("python3 failed: \(python.err)") }
        return documents.indices.map { try? String(contentsOfFile: "\(output)/\($0)", encoding: .utf8) }
    }

    @Test("generated documents decode the same with tomllib; printed documents read back the same")
    func againstTomllib() throws {
        let started = Date()
        var generator = Generator(seed: 20261122)
        let documents = (0..<DifferentialTests.documentCount).map { _ in generator.document() }
        let scratch = try ScratchDirectory("diff")
        guard let theirs = try DifferentialTests.tomllib(documents, scratch: scratch) else {
            withKnownIssue("python3 with tomllib (3.11+) is not available; the differential test was skipped") {
                throw Failure("no tomllib")
            }
            return
        }
        var compared = 0, mismatches: [String] = [], printed = 0
        for (index, document) in documents.enumerated() {
            guard let reference = theirs[index] else { Issue.record("no tomllib output for document \(index)"); continue }
            let ours = TOMLDocument.parse(document)
            if reference.hasPrefix("ERROR ") {
                // The generator only writes valid TOML; tomllib refusing one is a generator bug.
                Issue.record("tomllib rejects generated document \(index) (\(reference)):\n\(document)")
                continue
            }
            guard case .success(let parsed) = ours else {
                mismatches.append("#\(index): we reject what tomllib accepts: \(ours)\n\(document)")
                continue
            }
            let a = DifferentialTests.normalize(try JSONSerialization.jsonObject(with: Data(parsed.root.taggedJSON().utf8)))
            let b = DifferentialTests.normalize(try JSONSerialization.jsonObject(with: Data(reference.utf8)))
            if !NSDictionary(dictionary: a as! [String: Any]).isEqual(to: b as! [String: Any]) {
                mismatches.append("#\(index): values differ\n\(document)\nours:   \(parsed.root.taggedJSON())\ntomllib: \(reference)")
            } else {
                compared += 1
            }

            // The printer: its output parses, to the same values.
            let text = TOMLDocument.serialize(parsed.root)
            switch TOMLDocument.parse(text) {
            case .success(let again):
                let c = DifferentialTests.normalize(try JSONSerialization.jsonObject(with: Data(again.root.taggedJSON().utf8)))
                if !NSDictionary(dictionary: a as! [String: Any]).isEqual(to: c as! [String: Any]) {
                    mismatches.append("#\(index): printed document reads back differently\n\(text)")
                }
                printed += 1
            case .failure(let failure):
                mismatches.append("#\(index): printed document does not parse: \(failure)\n\(text)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches; first:\n\(mismatches.prefix(3).joined(separator: "\n\n"))")
        #expect(compared == documents.count)
        figure("differential: \(compared) generated documents identical with tomllib, \(printed) printed and re-parsed "
               + "(\(String(format: "%.1f", Date().timeIntervalSince(started))) s)")
    }
}
