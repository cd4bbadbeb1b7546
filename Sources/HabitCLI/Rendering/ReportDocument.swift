import HabitCore
import HabitInterchange
import HabitLocalization
import HabitScreens

/// `habit report`: the statistics screen (HabitScreens' `StatisticsScreen`: the four figures and
/// each tracker's strength and streaks) and the year heatmaps (HabitInterchange's `HeatmapSVG`)
/// as one HTML file that needs nothing else: the style and the images are inside it, nothing is
/// fetched, and a `prefers-color-scheme: dark` rule gives the dark look.
struct ReportDocument {
    let t: Messages
    let journal: Journal
    let today: CivilDate
    let year: Int

    var screen: StatisticsScreen { StatisticsScreen(journal: journal, today: today) }

    func render() -> String {
        let screen = self.screen
        var html = HTMLOpening.render(language: t.language.rawValue, title: t[.reportTitle] + " — " + t.dateWithoutWeekday(today))
        html += """
            <style>
            \(Self.css)</style>
            </head>
            <body>
            <main>
            <h1>\(escape(t[.reportTitle]))</h1>
            <p class="made">\(escape(t.text(.reportMade, t.dateWithoutWeekday(today))))</p>
            <h2>\(escape(t[.statisticsTitle]))</h2>

            """
        if screen.isEmpty {
            html += "<p class=\"empty\">\(escape(t[.nothingToAnalyse]))</p>\n"
        } else {
            let overall = screen.overall
            html += "<ul class=\"figures\">\n"
            for (value, key) in [(String(overall.bestStreak), MessageKey.bestStreak), (String(overall.perfectDays), .perfectDays),
                                 (String(overall.trackersCompleted), .trackersCompleted), (t.decimal(overall.average), .average)] {
                html += "<li><b>\(escape(value))</b><span>\(escape(t[key]))</span></li>\n"
            }
            html += "</ul>\n"
        }
        let active = journal.trackers.filter { !$0.isArchived }
        let weekStartsOn = journal.settings.calendarWeekStart(in: t.language)
        if !active.isEmpty {
            html += "<section class=\"year\"><h2>\(escape(t[.reportAllTrackers]))</h2>\n"
            let heatmap = YearHeatmap(trackers: active, year: year, today: today, weekStartsOn: weekStartsOn)
            html += figure(HeatmapSVG(heatmap: heatmap, today: today, color: nil, labels: HeatmapLabels(t, year: year), name: "all").render())
            html += "</section>\n"
        }
        let trackers = Dictionary(active.map { ($0.id, $0) }) { first, _ in first }
        for figures in screen.trackers {
            guard let tracker = trackers[figures.trackerID] else { continue }
            html += "<section class=\"tracker\">\n<h2>"
            if let emoji = figures.emoji { html += "<span class=\"emoji\" aria-hidden=\"true\">\(escape(emoji))</span> " }
            html += "\(escape(figures.name))</h2>\n<dl>\n"
            if let strength = figures.strength {
                html += "<div><dt>\(escape(t[.fieldStrength]))</dt><dd>\(escape(t.percent(strength * 100)))</dd></div>\n"
            }
            html += "<div><dt>\(escape(t[.currentStreak]))</dt><dd>\(escape(t.streak(figures.currentStreak, figures.streakUnit)))</dd></div>\n"
            html += "<div><dt>\(escape(t[.bestStreak]))</dt><dd>\(escape(t.streak(figures.bestStreak, figures.streakUnit)))</dd></div>\n"
            html += "</dl>\n"
            let heatmap = YearHeatmap(tracker: tracker, year: year, today: today, weekStartsOn: weekStartsOn)
            html += figure(HeatmapSVG(heatmap: heatmap, today: today, color: tracker.color,
                                      labels: HeatmapLabels(t, tracker: tracker, year: year), name: tracker.id).render())
            html += "</section>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// A heatmap wider than a phone scrolls inside its own box.
    private func figure(_ svg: String) -> String { "<div class=\"heatmap\">\n" + svg + "</div>\n" }

    private func escape(_ text: String) -> String { XMLText.escape(text) }

    /// The web app's colours (Sources/HabitServe/Pages/AppStyle.swift), light and dark.
    static let css = """
        :root { --bg: #ffffff; --fg: #1a1b22; --muted: #6e7076; --card: #f2f2f4; --accent: #3772e7; color-scheme: light dark; }
        @media (prefers-color-scheme: dark) { :root { --bg: #1a1b22; --fg: #ffffff; --muted: #aeafb4; --card: #2c2d35; --accent: #4e86f5; } }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.4 -apple-system, system-ui, "Segoe UI", Roboto, sans-serif; }
        main { max-width: 760px; margin: 0 auto; padding: 16px; }
        h1 { font-size: 30px; margin: 8px 0 0; }
        h2 { font-size: 19px; margin: 28px 0 8px; }
        .made, .empty { color: var(--muted); }
        .figures { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; }
        .figures li { border: 1px solid var(--accent); border-radius: 16px; padding: 12px; display: flex; flex-direction: column; }
        .figures b { font-size: 30px; }
        .figures span { font-size: 13px; }
        .tracker { background: var(--card); border-radius: 16px; padding: 4px 16px 12px; margin: 16px 0; }
        dl { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 0 0 8px; }
        dt { font-size: 12px; color: var(--muted); }
        dd { margin: 0; font-weight: 600; }
        .heatmap { overflow-x: auto; }
        .heatmap svg { display: block; }

        """
}
