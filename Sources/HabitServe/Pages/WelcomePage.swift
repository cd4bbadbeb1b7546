import HabitLocalization
import HabitScreens

/// The specs' onboarding pages (000/001) for a phone new to `habit serve`: what a tap does, that
/// the data is the user's own plain text, and that the app works offline and installs; the page
/// indicators, Next and Skip, and the specs' button on the last page. The turning is
/// HabitScreens' `OnboardingScreen`, the one `habit ui` shows on a first run.
struct WelcomePage {
    let text: WebText
    let screen: OnboardingScreen
    let csrf: String

    func words(_ page: OnboardingScreen.Page) -> (title: MessageKey, body: MessageKey) {
        switch page {
        case .welcome: (.webWelcomeTitle1, .webWelcomeBody1)
        case .plainText: (.webWelcomeTitle2, .webWelcomeBody2)
        case .history: (.webWelcomeTitle3, .webWelcomeBody3)
        }
    }

    func render() -> String {
        let (title, body) = words(screen.page)
        var html = "<section class=\"welcome\">\n<h1>\(HTML.escape(text[title]))</h1>\n<p>\(HTML.escape(text[body]))</p>\n"
        html += "<p class=\"dots\" role=\"img\" aria-label=\"\(HTML.escape(text[.uiOnboardingPages])) \(screen.index + 1)/\(screen.indicators.count)\">"
        html += screen.indicators.map { $0 ? "<span class=\"on\"></span>" : "<span></span>" }.joined() + "</p>\n"
        if screen.isLast {
            html += "<p><a class=\"button\" href=\"/\">\(HTML.escape(text[.uiOnboardingButton]))</a></p>\n"
        } else {
            html += "<p><a class=\"button\" href=\"\(WelcomeRoutes.path)?page=\(screen.index + 2)\">\(HTML.escape(text[.webWelcomeNext]))</a></p>\n"
            html += "<p><a class=\"skip\" href=\"/\">\(HTML.escape(text[.webWelcomeSkip]))</a></p>\n"
        }
        html += "</section>\n"
        return PageFrame(text: text, title: text[title], csrf: csrf).render(html)
    }
}
