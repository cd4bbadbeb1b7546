import Foundation
import HabitCore
import HabitLocalization
import Testing

/// `habit report OUT.html` and `habit export svg`: what the files hold, read back.
@Suite struct ReportTests {
    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func theReportHoldsTheStatisticsAndAHeatmapPerTracker() throws {
        let habit = try Harness()
        let path = habit.root.appendingPathComponent("report.html").path
        let out = habit.output("report \(path)")
        #expect(out == "Wrote the report of 6 trackers to \(path).\n")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        // The same figures as `habit stats`.
        let stats = habit.output("stats --json")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any])
        let best = try #require(figures["best_streak"] as? Int)
        #expect(html.contains("<li><b>\(best)</b><span>Best streak</span></li>"))
        // One heatmap for every tracker and one for all of them, each day with its title.
        #expect(count("<svg xmlns=", in: html) == 7)
        #expect(count("</title></rect>", in: html) == 7 * 365)
        #expect(html.contains("<title id=\"heatmap-read-20-pages-2026-title\">Read 20 pages — 2026</title>"))
        // Self-contained: nothing to fetch, dark by the system.
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
        #expect(!html.contains("href"))
        #expect(count("http", in: html) == 7, "only the SVG namespace, once an image")
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        // Its own words, from the catalog.
        let t = Messages(.english)
        #expect(html.contains("<h1>\(t[.reportTitle])</h1>"))
        #expect(html.contains(t.text(.reportMade, "22 November 2026")))
        #expect(html.contains("<h2>\(t[.reportAllTrackers])</h2>"))
    }

    @Test func theReportSpeaksTheLanguageOfLANG() throws {
        let habit = try Harness(language: "ru_RU.UTF-8")
        let path = habit.root.appendingPathComponent("report.html").path
        #expect(habit.output("report \(path) --year 2025") == "Отчёт о 6 трекерах записан в \(path).\n")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"ru\">"))
        #expect(html.contains("<h1>Отчёт о привычках</h1>"))
        #expect(html.contains("Составлен 22 ноября 2026."))
        #expect(html.contains("Read 20 pages — 2025</title>"))
    }

    @Test func theReportReplacesAFileOnlyWithForce() throws {
        let habit = try Harness()
        let path = habit.root.appendingPathComponent("report.html").path
        try "mine".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(habit.run("report \(path)").code == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
        habit.output("report \(path) --force")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!doctype html>"))
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: habit.root.path).filter { $0.hasPrefix("report") } == ["report.html"])
    }

    @Test func nothingIsWrittenInsideTheDataDirectory() throws {
        let habit = try Harness()
        let before = habit.snapshot()
        for command in ["report \(habit.directory.path)/report.html", "report \(habit.directory.path)/trackers/report.html",
                        "export svg read -o \(habit.directory.path)/read.svg"] {
            let outcome = habit.run(command)
            #expect(outcome.code == 1 && outcome.err.contains("is inside the data directory"), "\(command): \(outcome.err)")
        }
        #expect(habit.snapshot() == before)
    }

    @Test func theSVGOnStandardOutputIsTheImage() throws {
        let habit = try Harness()
        let svg = habit.output("export svg read --year 2026")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"heatmap-read-20-pages-2026\""))
        #expect(count("</title></rect>", in: svg) == 365)
        let path = habit.root.appendingPathComponent("read.svg").path
        habit.output("export svg read --year 2026 -o \(path)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == svg)
    }
}
