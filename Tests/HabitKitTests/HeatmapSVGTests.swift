import Foundation
import HabitCore
import HabitInterchange
import HabitLocalization
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The SVG year heatmap shared by `habit export svg`, `habit report` and the web app.
@Suite struct HeatmapSVGTests {
    let today = CivilDate("2026-11-21")!
    let english = Messages(.english)

    func run(color: TrackerColor? = .palette(.teal), name: String = "Run") -> Tracker {
        let log = CompletionLog([
            .init(day: CivilDate("2026-03-05")!, mark: .done),
            .init(day: CivilDate("2026-03-06")!, mark: .skipped),
            .init(day: CivilDate("2026-11-20")!, mark: .done),
        ])
        return Tracker(id: "run", name: name, category: "Health", schedule: .daily, color: color,
                       start: CivilDate("2026-03-01")!, log: log)
    }

    func svg(_ tracker: Tracker, year: Int = 2026, _ t: Messages? = nil) -> String {
        let heatmap = YearHeatmap(tracker: tracker, year: year, today: today)
        return HeatmapSVG(heatmap: heatmap, today: today, color: tracker.color,
                          labels: HeatmapLabels(t ?? english, tracker: tracker, year: year), name: tracker.id).render()
    }

    /// The class of the cell whose `<title>` is `title`.
    func cellClass(_ svg: String, title: String) -> String? {
        guard let range = svg.range(of: "><title>\(title)</title></rect>") else { return nil }
        let before = svg[..<range.lowerBound]
        guard let start = before.range(of: "<rect class=\"", options: .backwards) else { return nil }
        let rest = before[start.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func everyDayOfTheYearIsACellWithItsDateAndState() {
        let document = svg(run())
        #expect(document.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(document.hasSuffix("</svg>\n"))
        #expect(count("</title></rect>", in: document) == 365)
        #expect(count("</title></rect>", in: svg(run(), year: 2024)) == 366)
        #expect(cellClass(document, title: "5 March 2026: done") == "l4")
        #expect(cellClass(document, title: "6 March 2026: skipped") == "s")
        #expect(cellClass(document, title: "4 March 2026: missed") == "l0")
        #expect(cellClass(document, title: "1 February 2026: not scheduled") == "n")
        #expect(cellClass(document, title: "21 November 2026: today, to do") == "l0 t")
        #expect(cellClass(document, title: "1 December 2026") == "f")
    }

    @Test func theImageHasAnAccessibleTitle() {
        let document = svg(run())
        #expect(document.contains("role=\"img\" aria-labelledby=\"heatmap-run-2026-title\""))
        #expect(document.contains("<title id=\"heatmap-run-2026-title\">Run — 2026</title>"))
    }

    @Test func coloursFollowTheTrackerInALightAndADarkLook() throws {
        let document = svg(run())
        let dark = try #require(document.range(of: "@media (prefers-color-scheme: dark)"))
        // Teal: a darker shade on light, a lighter one on dark; the rules scoped to this image.
        #expect(document[..<dark.lowerBound].contains("#heatmap-run-2026 .l4 { fill: #0f8f8a; fill-opacity: 1; }"))
        #expect(document[dark.upperBound...].contains("#heatmap-run-2026 .l4 { fill: #2fc2bb; fill-opacity: 1; }"))
        let exact = svg(run(color: TrackerColor("#a0522d")))
        #expect(count(".l4 { fill: #a0522d;", in: exact) == 2)
        let plain = svg(run(color: nil))
        #expect(plain.contains(".l4 { fill: #3772e7;") && plain.contains(".l4 { fill: #4e86f5;"))
    }

    @Test func itIsSelfContained() {
        let document = svg(run())
        #expect(count("http", in: document) == 1, "only the namespace")
        #expect(!document.contains("href"))
        #expect(!document.contains("url("))
        #expect(!document.contains("<script"))
    }

    @Test func namesAreEscapedAndTheIdentifierKeptSafe() {
        let tracker = run(name: "<b>Run & \"jump\"</b>")
        let heatmap = YearHeatmap(tracker: tracker, year: 2026, today: today)
        let document = HeatmapSVG(heatmap: heatmap, today: today, color: nil,
                                  labels: HeatmapLabels(english, tracker: tracker, year: 2026), name: "../x y\"<").render()
        #expect(document.contains("&lt;b&gt;Run &amp; &quot;jump&quot;&lt;/b&gt; — 2026"))
        #expect(!document.contains("<b>"))
        #expect(document.contains("id=\"heatmap-xy-2026\""))
    }

    @Test func russianWords() {
        let document = svg(run(), Messages(.russian))
        #expect(cellClass(document, title: "5 марта 2026: выполнено") == "l4")
        #expect(document.contains(">мар</text>"))
        #expect(document.contains(">Меньше</text>") && document.contains(">Больше</text>"))
    }

    @Test func allTrackersShadeByTheShareDone() {
        let walk = Tracker(id: "walk", name: "Walk", category: "Health", schedule: .daily, start: CivilDate("2026-03-01")!,
                           log: CompletionLog([.init(day: CivilDate("2026-03-05")!, mark: .done)]))
        let heatmap = YearHeatmap(trackers: [run(), walk], year: 2026, today: today)
        let document = HeatmapSVG(heatmap: heatmap, today: today, color: nil, labels: HeatmapLabels(english, year: 2026), name: "all").render()
        #expect(cellClass(document, title: "5 March 2026: perfect (2/2)") == "l4")
        #expect(cellClass(document, title: "20 November 2026: partly done (1/2)") == "l2")
        #expect(cellClass(document, title: "4 March 2026: missed (0/2)") == "l0")
    }

    #if canImport(FoundationXML)
    @Test func itIsWellFormedXML() {
        for tracker in [run(), run(name: "<&\"'>")] {
            let parser = XMLParser(data: Data(svg(tracker).utf8))
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        }
    }
    #endif
}
