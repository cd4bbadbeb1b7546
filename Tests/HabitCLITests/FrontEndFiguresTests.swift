import Foundation
import HabitCore
import HabitKit
import HabitLocalization
import HabitScreens
import HabitStore
import Testing
import TerminalUI
@testable import HabitCLI
@testable import HabitServe
@testable import HabitUI

/// One quit habit, one numeric habit and one weekday habit, rendered by the three front-ends
/// (`habit show`, the web app's details page, `habit ui`'s details in the in-memory grid): each
/// shows HabitScreens' figures, the same numbers and words in the same order, and no other.
@Suite struct FrontEndFiguresTests {
    static let today = CivilDate("2026-11-22")!

    static let files = [
        "trackers/smoking.toml": """
            name = "Smoking"
            category = "Health"
            quit = true
            allow = "1 per week"
            start = 2026-11-02

            [log]
            2026-11-05 = "slip"
            2026-11-12 = "slip"
            2026-11-13 = "slip"

            """,
        "trackers/glasses.toml": """
            name = "Glasses"
            category = "Health"
            schedule = "daily"
            start = 2026-11-01
            target = 8
            unit = "glasses"

            [log]
            2026-11-01 = 8
            2026-11-02 = 9
            2026-11-03 = 5
            2026-11-04 = 8
            2026-11-05 = "skip"
            2026-11-06 = 10
            2026-11-07 = 8
            2026-11-08 = 8
            2026-11-10 = 12
            2026-11-11 = 8
            2026-11-12 = 8
            2026-11-13 = 8
            2026-11-14 = 8
            2026-11-15 = 8
            2026-11-16 = 12
            2026-11-17 = 8
            2026-11-18 = 8
            2026-11-19 = 8
            2026-11-20 = 8
            2026-11-21 = 6
            2026-11-22 = 3

            """,
    ]

    /// Rows written here, not taken from HabitScreens, so that the list itself is checked too
    /// (the weekday habit is examples/' Morning run, Mon/Wed/Fri with a 3-month goal).
    static let written: [Language: [String: [String]]] = [
        .english: [
            "smoking": ["Clean 9 days clean", "Slips 3 (1.0 a week, 4.3 a month)", "Forgiven misses 2 days"],
            "glasses": ["Best streak 11 days", "Completion rate 85% (17 of 20 days)", "Goal Forever"],
            "morning-run": ["Completion rate 90% (28 of 31 days)", "Progress 76% (28 of 37 days)"],
        ],
        .russian: [
            "smoking": ["Без срывов 9 дней без срывов", "Срывы 3 (1,0 в неделю, 4,3 в месяц)", "Прощённые пропуски 2 дня"],
            "glasses": ["Лучшая серия 11 дней", "Выполнение 85 % (17 из 20 дней)", "Цель Бессрочно"],
            "morning-run": ["Выполнение 90 % (28 из 31 дня)", "Прогресс 76 % (28 из 37 дней)"],
        ],
    ]

    /// Every label a figure may have: none may stand just before or after a front-end's list.
    static let figureLabels: [MessageKey] = [.fieldClean, .fieldBestClean, .fieldSlips, .currentStreak, .bestStreak, .fieldForgiven,
                                             .fieldCompletionRate, .fieldCompletions, .fieldStrength, .fieldGoal, .fieldProgress]

    /// Runs of spaces as one, no space at either end.
    static func normalized(_ line: some StringProtocol) -> String {
        line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// The web page's text a line per `<div>`, `<dt>` and `<dd>` apart, without tags or escapes.
    static func text(ofHTML html: String) -> [String] {
        var text = html.replacingOccurrences(of: "</div>", with: "\n").replacingOccurrences(of: "</dt>", with: " ")
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Where `rows` stand in `lines`, one a line in order, each line ending with its row (the
    /// terminal app draws the month to their left); nil if they do not.
    static func block(_ rows: [String], in lines: [String]) -> Int? {
        let lines = lines.map { normalized($0) }
        return lines.indices.first { start in
            start + rows.count <= lines.count && rows.indices.allSatisfy { lines[start + $0].hasSuffix(rows[$0]) }
        }
    }

    func expectSameFigures(_ rows: [String], in lines: [String], _ frontEnd: String, _ t: Messages) {
        guard let start = Self.block(rows, in: lines) else {
            Issue.record("\(frontEnd) does not show the figures\n\(rows.joined(separator: "\n"))\nin\n\(lines.joined(separator: "\n"))")
            return
        }
        // No other figure just before or after the list.
        for index in [start - 1, start + rows.count] where lines.indices.contains(index) {
            let line = Self.normalized(lines[index])
            for key in Self.figureLabels where key != .fieldGoal {
                #expect(!line.contains(t[key] + " "), "\(frontEnd): another figure beside the list: \(line)")
            }
        }
    }

    @Test(arguments: Language.allCases)
    func theThreeFrontEndsShowTheSameFigures(_ language: Language) throws {
        // The locale as a system names it ("pt_BR.UTF-8"), which chooses the language.
        let harness = try Harness(language: language.rawValue.replacingOccurrences(of: "-", with: "_") + ".UTF-8")
        for (path, content) in Self.files {
            try content.write(to: harness.directory.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        let habits = Habits(directory: DataDirectory(path: harness.directory.path), cache: nil, clock: { 1_795_000_000 })
        let journal = try habits.read().journal
        let t = Messages(language)
        for id in ["smoking", "glasses", "morning-run"] {
            let tracker = try #require(journal.tracker(id: id))
            let details = TrackerDetails(tracker: tracker, in: journal, today: Self.today)
            let rows = details.figures.words(t).map { Self.normalized($0.label + " " + $0.value) }
            for row in Self.written[language]?[id] ?? [] { #expect(rows.contains(row), "\(id): \(row) in \(rows)") }

            let cli = harness.output("show \(id)")
            expectSameFigures(rows, in: cli.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), "habit show \(id)", t)

            let web = WebText(language: language)
            let html = DetailsPage(text: web, details: details, tracker: tracker, csrf: "c").render()
            expectSameFigures(rows, in: Self.text(ofHTML: html), "the web details of \(id)", t)

            for (width, height) in [(80, 30), (40, 30)] {
                var grid = Grid(width: width, height: height)
                ScreenView(t).drawDetails(details, part: 0, into: &grid, in: Rect(x: 0, y: 0, width: width, height: height))
                let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).replacingOccurrences(of: ": ", with: " ") }
                if width >= 80 || rows.allSatisfy({ TextWidth.width($0) + 3 <= width }) {
                    expectSameFigures(rows, in: lines, "habit ui's details of \(id) at \(width)×\(height)", t)
                }
            }
        }
    }
}
