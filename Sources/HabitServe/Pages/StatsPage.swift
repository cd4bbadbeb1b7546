import HabitCore
import HabitLocalization

/// The statistics tab: the four figures of `OverallStatistics`, or the empty state.
struct StatsPage {
    let text: WebText
    let statistics: OverallStatistics

    func render() -> String {
        var html = PageFrame.top(text[.webStatistics])
        guard !statistics.isEmpty else {
            return html + "<div class=\"empty\"><div class=\"empty-art\" aria-hidden=\"true\">🤔</div><p>\(HTML.escape(text[.nothingToAnalyse]))</p></div>\n"
        }
        let figures: [(String, MessageKey)] = [
            (String(statistics.bestStreak), .webBestStreak), (String(statistics.perfectDays), .perfectDays),
            (String(statistics.trackersCompleted), .trackersCompleted),
            (text.messages.decimal(statistics.average), .average),
        ]
        html += "<ul class=\"figures\">"
        for (value, key) in figures {
            html += "<li class=\"figure\"><b>\(value)</b><span>\(HTML.escape(text[key]))</span></li>"
        }
        return html + "</ul>\n"
    }
}
