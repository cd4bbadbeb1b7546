import HabitScreens
import Hummingbird

/// `/welcome?page=N`: the specs' onboarding for a phone that just arrived by the QR code.
enum WelcomeRoutes {
    static let path = "/welcome"
}

extension WebApp {
    func welcomePage(_ call: Call, _ principal: Principal) -> Response {
        // Which page and how the pages turn is HabitScreens' rule, as in `habit ui`'s first run.
        let asked = call.request.uri.queryParameters["page"].flatMap { Int(String($0)) } ?? 1
        let screen = OnboardingScreen(directory: habits.directory.path).turning(by: asked - 1)
        return Reply.html(WelcomePage(text: call.text, screen: screen, csrf: principal.session.csrf).render())
    }
}
