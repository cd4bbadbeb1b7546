import HabitLocalization
import Testing

/// One `Language` and one negotiation, from the terminal's environment and from a browser's
/// `Accept-Language`.
@Suite struct LanguageNegotiationTests {
    @Test func theEnvironmentAsGettextReadsIt() {
        #expect(Language.from(environment: [:]) == .english)
        #expect(Language.from(environment: ["LANG": "ru_RU.UTF-8"]) == .russian)
        #expect(Language.from(environment: ["LANG": "de_DE.UTF-8"]) == .english, "a language habit does not speak")
        #expect(Language.from(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"]) == .english, "LC_ALL first")
        #expect(Language.from(environment: ["LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"]) == .russian, "an empty one is unset")
        #expect(Language.from(environment: ["LANGUAGE": "de:ru:en", "LANG": "en_US.UTF-8"]) == .russian, "LANGUAGE's first spoken")
        #expect(Language.from(environment: ["LANGUAGE": "de", "LANG": "ru_RU.UTF-8"]) == .russian, "then the locale")
        #expect(Language.from(environment: ["LANGUAGE": "ru", "LANG": "C.UTF-8"]) == .english, "LANGUAGE is ignored in the C locale")
        #expect(Language.from(environment: ["LANGUAGE": "ru"]) == .english)
    }

    @Test func acceptLanguageByQuality() {
        #expect(Language.from(acceptLanguage: nil) == .english)
        #expect(Language.from(acceptLanguage: "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == .russian)
        #expect(Language.from(acceptLanguage: "de-DE, en;q=0.5, ru;q=0.9") == .russian, "by quality, not by place")
        #expect(Language.from(acceptLanguage: "en;q=0.5, ru;q=0.5") == .english, "the earlier among equals")
        #expect(Language.from(acceptLanguage: "ru;q=0, fr") == .english, "q=0 is refused")
        #expect(Language.from(acceptLanguage: "*, RU") == .russian, "a tag in capitals; the wildcard names none")
    }

    @Test func tagsAndLocaleNames() {
        #expect(Language(tag: "ru_RU.UTF-8") == .russian && Language(tag: "ru-RU") == .russian && Language(tag: "EN") == .english)
        #expect(Language(tag: "rus") == nil && Language(tag: "C.UTF-8") == nil && Language(tag: "") == nil)
    }
}
