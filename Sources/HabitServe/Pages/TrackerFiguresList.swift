import HabitScreens

/// Below the statistics' four figures: each tracker's strength and streaks (HabitScreens'
/// `StatisticsScreen`), a link to its details.
struct TrackerFiguresList {
    let text: WebText
    let screen: StatisticsScreen

    func render() -> String {
        guard !screen.isEmpty, !screen.trackers.isEmpty else { return "" }
        let words = text.words
        var html = "<ul class=\"tracker-figures\">"
        for figures in screen.trackers {
            html += "<li class=\"\(CardColors.className(figures.color).dropFirst())\"><a href=\"/tracker?id=\(HTML.query(figures.trackerID))\">"
            html += "<span class=\"emoji\" aria-hidden=\"true\">\(HTML.escape(figures.emoji ?? "•"))</span><span class=\"name\">\(HTML.escape(figures.name))</span>"
            html += "<span class=\"strength\" title=\"\(HTML.escape(words[.fieldStrength]))\">\(HTML.escape(figures.strength.map { words.percent($0 * 100) } ?? "–"))</span>"
            html += "<span class=\"streaks\">\(HTML.escape(words[.currentStreak])): \(HTML.escape(words.streak(figures.currentStreak, figures.streakUnit)))"
            html += " · \(HTML.escape(words[.bestStreak])): \(HTML.escape(words.streak(figures.bestStreak, figures.streakUnit)))</span>"
            html += "</a></li>"
        }
        return html + "</ul>\n"
    }
}
