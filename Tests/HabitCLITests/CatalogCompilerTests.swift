import Foundation
import TestSupport
import Testing

/// habit-catalogs, the build's compiler of the translation files, refuses what would print
/// something wrong, naming the file, the line and the key, as a compiler does.
@Suite struct CatalogCompilerTests {
    static let catalogs = TranslationFileTests.catalogs

    /// Runs the compiler on en.arb, plurals.json and `files` (name → text) in a scratch folder.
    static func compile(_ files: [String: String]) throws -> ProcessOutcome {
        let tool = try #require(BuiltProduct.path("habit-catalogs"), "build first (swift build --build-tests)")
        let scratch = try ScratchDirectory("catalogs")
        let folder = scratch.path + "/Catalogs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["en.arb", "plurals.json"] {
            try FileManager.default.copyItem(atPath: catalogs.appendingPathComponent(name).path, toPath: folder + "/" + name)
        }
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return try ChildProcess(tool, [folder, scratch.path + "/out"], environment: [:], scratch: scratch.path).wait(timeout: 60)
    }

    static var russian: String { (try? String(contentsOf: catalogs.appendingPathComponent("ru.arb"), encoding: .utf8)) ?? "" }

    @Test func theCommittedFilesCompile() throws {
        let outcome = try Self.compile(["ru.arb": Self.russian])
        #expect(outcome.succeeded, "\(outcome.err)")
    }

    @Test func eachProblemIsNamedAtItsFileLineAndKey() throws {
        var text = Self.russian
        text = text.replacingOccurrences(of: "  \"warning\": \"предупреждение\",\n", with: "")
        text = text.replacingOccurrences(of: "\"hint\": \"подсказка\"", with: "\"hint\": \"подсказка {3}\"")
        text = text.replacingOccurrences(of: "many {# дней} other {# дня}}\",\n  \"@dayCount\"", with: "many {# дней} two {# дня}}\",\n  \"@dayCount\"")
        text = text.replacingOccurrences(of: "\"everyDay\": \"Каждый день\",", with: "\"everyDay\": \"Каждый {день\",\n  \"extraKey\": \"x\",")
        let outcome = try Self.compile(["ru.arb": text, "de.arb": "{\n  \"@@locale\": \"de\",\n  \"x\": \"y\"\n  \"z\": 1\n}\n"])
        #expect(outcome.status == 1)
        let lines = outcome.err.split(separator: "\n").map { line in line.split(separator: "/").last.map(String.init) ?? "" }
        for expected in [
            "ru.arb:4: error: warning: missing (en.arb line 8: \"warning\"); add it after “error”",
            "ru.arb:11: error: hint: {3} is not among en.arb's placeholders (none); this message takes no argument",
            "ru.arb:19: error: dayCount: ru has no plural category “two”; its categories are one, few, many, other",
            "ru.arb:19: error: dayCount: the plural of {0} needs an “other” branch",
            "ru.arb:39: error: everyDay: “{день…” is not an argument: arguments are numbers such as {0} (to write a brace, quote it: '{')",
            "ru.arb:40: error: extraKey: no such key in en.arb; remove it (or add it to en.arb first)",
            "de.arb:4: error: invalid JSON: expected “,” or “}” after the value of “x”",
        ] {
            #expect(lines.contains(expected), "\(expected)\nnot in:\n\(outcome.err)")
        }
    }

    @Test func quotingAndUnbalancedBraces() throws {
        func refusal(_ message: String) throws -> String {
            let text = Self.russian.replacingOccurrences(of: "\"everyDay\": \"Каждый день\"", with: "\"everyDay\": \(message)")
            return try Self.compile(["ru.arb": text]).err
        }
        #expect(try refusal(#""Каждый день}""#).contains("everyDay: a “}” closes no “{”"))
        #expect(try refusal(#""Каждый '{день""#).contains("everyDay: quoted text is not closed"))
        #expect(try refusal(#""{0, select, a {x} other {y}}""#).contains("not “select”"))
        #expect(try refusal(#""{0, plural, =0 {x} other {y}}""#).contains("has “=0”"))
        #expect(try Self.compile(["ru.arb": Self.russian.replacingOccurrences(of: "\"everyDay\": \"Каждый день\"", with: #""everyDay": "'{ok}' and it''s fine""#)]).succeeded)
    }

    @Test func aLanguageWithoutPluralRulesOrALocaleThatIsNotItsName() throws {
        let swahili = Self.russian.replacingOccurrences(of: "\"@@locale\": \"ru\"", with: "\"@@locale\": \"sw\"")
        #expect(try Self.compile(["sw.arb": swahili]).err.contains("sw.arb:1: error: plurals.json has no CLDR plural rules for sw"))
        #expect(try Self.compile(["de.arb": Self.russian]).err.contains("de.arb:1: error: \"@@locale\" is \"ru\" but the file is de.arb"))
    }
}
