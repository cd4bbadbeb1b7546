import HabitLocalization

/// The words of the web pages: HabitLocalization's catalogs in the page's language (from
/// `Accept-Language`, negotiated by HabitLocalization's `Language` as the terminal's is from the
/// environment), so the web app, `habit ui` and the command line say the same things.
struct WebText: Sendable {
    let language: Language
    let messages: Messages

    init(language: Language) {
        self.language = language
        messages = Messages(language)
    }

    subscript(_ key: MessageKey) -> String { messages[key] }

    func days(_ count: Int) -> String { messages.days(count) }
}
