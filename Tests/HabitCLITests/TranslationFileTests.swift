import Foundation
import HabitLocalization
import TerminalUI
import TestSupport
import Testing

/// The translation files checked from outside habit: an independent ICU MessageFormat parser,
/// the stale-entry listing, the pseudo-locale en-XA (generated, and a ninth language that needs no
/// Swift) and the main screens in it (docs/translating.md).
@Suite struct TranslationFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalogs = root.appendingPathComponent("Sources/HabitLocalization/Catalogs")

    /// pyicumessageformat comes from .ci/pypi-packages (scripts/test installs it); in CI it must be there.
    static let parserReady: Bool = {
        guard let scratch = try? ScratchDirectory("icu-probe"),
              let probe = try? ChildProcess(python, ["-c", "import pyicumessageformat"], environment: environment, scratch: scratch.path)
        else { return false }
        return probe.wait().succeeded
    }()

    /// The python3 `scripts/test` installed the PyPI packages for: the first on PATH, else /usr/bin's.
    static var python: String {
        TestTools.find("python3", path: (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin") ?? "/usr/bin/python3"
    }

    static var environment: [String: String] {
        ["PATH": (ProcessInfo.processInfo.environment["PATH"].map { $0 + ":" } ?? "") + "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", "HOME": ProcessInfo.processInfo.environment["HOME"] ?? "/tmp",
         "PYTHONPATH": ProcessInfo.processInfo.environment["PYTHONPATH"] ?? ""]
    }

    static func script(_ name: String, _ arguments: [String] = []) throws -> ProcessOutcome {
        let scratch = try ScratchDirectory("translations")
        return try ChildProcess(python, [root.appendingPathComponent("scripts/\(name)").path] + arguments,
                                environment: environment, scratch: scratch.path).wait(timeout: 120)
    }

    @Test(.enabled(if: TestTools.installed || parserReady, "pyicumessageformat (PyPI) missing; scripts/test installs it"))
    func everyFileParsesWithAnIndependentParser() throws {
        let outcome = try Self.script("check-translations")
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("\(Language.allCases.count) files, 0 problems"), "\(outcome.out)")
    }

    @Test(.enabled(if: TestTools.installed || parserReady, "pyicumessageformat (PyPI) missing; scripts/test installs it"))
    func theIndependentParserRefusesWhatHabitsBuildRefuses() throws {
        let scratch = try ScratchDirectory("bad-arb")
        var text = try String(contentsOf: Self.catalogs.appendingPathComponent("ru.arb"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"everyDay\": \"Каждый день\"", with: "\"everyDay\": \"Каждый {день\"")
        text = text.replacingOccurrences(of: "many {# дней} other {# дня}}\"", with: "two {# дней} other {# дня}}\"")
        let bad = scratch.path + "/ru.arb"
        try text.write(toFile: bad, atomically: true, encoding: .utf8)
        let outcome = try Self.script("check-translations", [bad])
        #expect(!outcome.succeeded)
        #expect(outcome.out.contains("everyDay: does not parse"), "\(outcome.out)")
        #expect(outcome.out.contains("dayCount: plural categories ['two'] are not ru's"), "\(outcome.out)")
    }

    /// Lists the stale entries of every language (shown here for the lead and the translators);
    /// the pseudo-locale is generated from the English of now, so it is never stale.
    @Test func staleTranslationsAreListed() throws {
        let outcome = try Self.script("stale-translations")
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(!outcome.out.contains("en-XA.arb:"), "scripts/pseudo-locale was not run after an English change:\n\(outcome.out)")
        let count = outcome.out.split(separator: "\n").count - 1
        if count > 0 { print("stale translations (docs/translating.md):\n\(outcome.out)") }
    }

    @Test func aChangedEnglishMakesAnEntryStaleUntilItIsReviewed() throws {
        let scratch = try ScratchDirectory("stale")
        let original = try String(contentsOf: Self.catalogs.appendingPathComponent("ru.arb"), encoding: .utf8)
        let hash = "\"x-source-hash\": \"b80e0af617d0\""
        #expect(original.contains("\"@hint\": {\n    \(hash)"), "the hash of “hint” in ru.arb")
        let file = scratch.path + "/ru.arb"
        try original.replacingOccurrences(of: hash, with: "\"x-source-hash\": \"000000000000\"").write(toFile: file, atomically: true, encoding: .utf8)
        let listed = try Self.script("stale-translations", [file])
        #expect(listed.out.contains("ru.arb: hint: stale (translated from 000000000000, English is now b80e0af617d0)"), "\(listed.out)")
        #expect(listed.out.contains("1 stale entries"))
        let marked = try Self.script("stale-translations", ["--reviewed", file, "hint"])
        #expect(marked.succeeded, "\(marked.all)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == original, "only the hash is rewritten")
        #expect(try Self.script("stale-translations", [file]).out.contains("0 stale entries"))
    }

    @Test func thePseudoLocaleIsWhatTheScriptWrites() throws {
        let outcome = try Self.script("pseudo-locale", ["--print"])
        #expect(outcome.succeeded, "\(outcome.all)")
        let committed = try String(contentsOf: Self.catalogs.appendingPathComponent("en-XA.arb"), encoding: .utf8)
        #expect(outcome.out == committed, "run scripts/pseudo-locale and commit Sources/HabitLocalization/Catalogs/en-XA.arb")
    }

    /// A ninth language from one file and no Swift: the pseudo-locale is a `Language`, chosen by
    /// its name, with its plural rules from English's.
    @Test func thePseudoLocaleIsALanguage() throws {
        let pseudo = try #require(Language(rawValue: "en-XA"))
        #expect(Language.from(environment: ["LANG": "en_XA.UTF-8"]) == pseudo)
        #expect(Messages(pseudo).days(1) == "[1 ðåý ·]" && Messages(pseudo).days(5) == "[5 ðåýš ·]")
    }

    /// The main screens in the pseudo-locale (accented, 30 % longer) are no wider than 80 columns
    /// where English's are: wrapped prose wraps again, tables make room, nothing runs off the edge.
    @Test(arguments: [[], ["stats"], ["show", "Morning run"], ["list"]])
    func thePseudoLocaleFitsEightyColumns(_ command: [String]) throws {
        let english = try Harness(language: "en_US.UTF-8").run(command, environment: ["COLUMNS": "80"])
        let pseudo = try Harness(language: "en_XA.UTF-8").run(command, environment: ["COLUMNS": "80"])
        #expect(pseudo.code == english.code && pseudo.code == 0, "\(pseudo.err)")
        #expect(pseudo.out != english.out, "the pseudo-locale is used")
        let widest = english.out.split(separator: "\n").map { TextWidth.width(String($0)) }.max() ?? 0
        #expect(widest <= 80, "English fits")
        for line in pseudo.out.split(separator: "\n") where TextWidth.width(String(line)) > 80 {
            Issue.record("habit \(command.joined(separator: " ")) in en-XA is \(TextWidth.width(String(line))) columns wide:\n\(line)")
        }
    }
}
