import HabitLocalization

/// The words of the web pages: HabitLocalization's catalogs in the page's language (from
/// `Accept-Language`), so the web app, `habit ui` and the command line say the same things.
struct WebText: Sendable {
    let language: WebLanguage
    let messages: Messages

    init(language: WebLanguage) {
        self.language = language
        messages = Messages(language == .russian ? .russian : .english)
    }

    subscript(_ key: MessageKey) -> String { messages[key] }

    func days(_ count: Int) -> String { messages.days(count) }
}
