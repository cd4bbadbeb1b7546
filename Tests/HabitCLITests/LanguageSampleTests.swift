import Foundation
import HabitCore
import HabitLocalization
import Testing

/// A small sample of every language's real output (the day, the statistics, a tracker, an error,
/// plurals, a date, a decimal), compared with LanguageSamples/<tag>.txt: what a reviewer of a
/// translation reads, and what a translation file merged without its sample cannot pass.
/// A missing or different sample fails; it is written only when HABIT_RECORD_SNAPSHOT names it
/// (`language-sample-de`, comma-separated; never in CI), and the run that records still fails.
@Suite struct LanguageSampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("LanguageSamples")

    static func sample(_ language: Language) throws -> String {
        // The terminal asks for the language as a system names it (pt_BR.UTF-8).
        let habit = try Harness(language: language.rawValue.replacingOccurrences(of: "-", with: "_") + ".UTF-8")
        let t = Messages(language)
        var text = "# \(language.rawValue): the day (habit)\n" + habit.run("").out
        text += "\n# habit stats\n" + habit.run("stats").out
        text += "\n# habit show \"Morning run\"\n" + habit.run(["show", "Morning run"]).out
        let error = habit.run(["show", "Nothing like it"])
        text += "\n# habit show \"Nothing like it\" (exit \(error.code))\n" + error.err
        text += "\n# plurals of dayCount\n" + [0, 1, 2, 5, 21, 22, 111].map { "\($0): \(t.days($0))" }.joined(separator: "\n") + "\n"
        text += "\n# a long date\n" + t.longDate(CivilDate(year: 2026, month: 11, day: 21)!) + "\n"
        text += "\n# decimal amounts\n" + t.number(2.5) + " · " + t.decimal(1234.56) + "\n"
        return text
    }

    @Test(arguments: Language.allCases)
    func everyLanguageHasItsSample(_ language: Language) throws {
        let name = "language-sample-\(language.rawValue)"
        let url = Self.folder.appendingPathComponent("\(language.rawValue).txt")
        let text = try Self.sample(language)
        let recording = ProcessInfo.processInfo.environment["HABIT_RECORD_SNAPSHOT"]?.split(separator: ",").map(String.init) ?? []
        guard let recorded = try? String(contentsOf: url, encoding: .utf8) else {
            if recording.contains(name) { return try record(text, url, name) }
            Issue.record("""
                Tests/HabitCLITests/LanguageSamples/\(language.rawValue).txt is missing: a language file needs its sample. \
                Record it with HABIT_RECORD_SNAPSHOT=\(name) swift test --skip-build --filter LanguageSampleTests, \
                read it as a translator would, and commit it.
                """)
            return
        }
        if recorded == text { return }
        if recording.contains(name) { return try record(text, url, name) }
        Issue.record("\(language.rawValue)'s sample differs from LanguageSamples/\(language.rawValue).txt (HABIT_RECORD_SNAPSHOT=\(name) records it):\n\(text)")
    }

    private func record(_ text: String, _ url: URL, _ name: String) throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded \(name); run again without HABIT_RECORD_SNAPSHOT")
    }

    /// The sample shows what it claims: the language's own words and plurals, not English's.
    @Test func theSampleIsInItsLanguage() throws {
        let russian = try Self.sample(.russian)
        #expect(russian.contains("21 день") && russian.contains("22 дня") && russian.contains("111 дней") && russian.contains("2,5"))
        #expect(russian.contains("суббота, 21 ноября 2026"))
        let english = try Self.sample(.english)
        #expect(english.contains("1 day\n") && english.contains("21 days") && english.contains("2.5"))
    }
}
