import Foundation
import HabitLocalization
import Testing

/// One `Language` and one negotiation, from the terminal's environment and from a browser's
/// `Accept-Language`.
@Suite struct LanguageNegotiationTests {
    @Test func theEnvironmentAsGettextReadsIt() {
        #expect(Language.from(environment: [:]) == .english)
        #expect(Language.from(environment: ["LANG": "ru_RU.UTF-8"]) == .russian)
        #expect(Language.from(environment: ["LANG": "sw_KE.UTF-8"]) == .english, "a language habit does not speak")
        #expect(Language.from(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"]) == .english, "LC_ALL first")
        #expect(Language.from(environment: ["LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"]) == .russian, "an empty one is unset")
        #expect(Language.from(environment: ["LANGUAGE": "sw:ru:en", "LANG": "en_US.UTF-8"]) == .russian, "LANGUAGE's first spoken")
        #expect(Language.from(environment: ["LANGUAGE": "sw", "LANG": "ru_RU.UTF-8"]) == .russian, "then the locale")
        #expect(Language.from(environment: ["LANGUAGE": "ru", "LANG": "C.UTF-8"]) == .english, "LANGUAGE is ignored in the C locale")
        #expect(Language.from(environment: ["LANGUAGE": "ru"]) == .english)
        #expect(Language.from(environment: ["LANG": "ru_UA.KOI8-U@euro"]) == .russian, "codeset and modifier")
    }

    @Test func acceptLanguageByQuality() {
        #expect(Language.from(acceptLanguage: nil) == .english)
        #expect(Language.from(acceptLanguage: "ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == .russian)
        #expect(Language.from(acceptLanguage: "sw-KE, en;q=0.5, ru;q=0.9") == .russian, "by quality, not by place")
        #expect(Language.from(acceptLanguage: "en;q=0.5, ru;q=0.5") == .english, "the earlier among equals")
        #expect(Language.from(acceptLanguage: "ru;q=0, sw") == .english, "q=0 is refused")
        #expect(Language.from(acceptLanguage: "*, RU") == .russian, "a tag in capitals; the wildcard names none")
    }

    @Test func tagsAndLocaleNames() {
        #expect(Language(tag: "ru_RU.UTF-8") == .russian && Language(tag: "ru-RU") == .russian && Language(tag: "EN") == .english)
        #expect(Language(tag: "rus") == nil && Language(tag: "C.UTF-8") == nil && Language(tag: "") == nil && Language(tag: "POSIX") == nil)
    }

    /// Every file is a language: its own tag chooses it, in any of the spellings a system uses.
    @Test(arguments: Language.allCases)
    func everyFileIsChosenByItsTag(_ language: Language) {
        let tag = language.rawValue
        #expect(Language(tag: tag) == language)
        #expect(Language(tag: tag.replacingOccurrences(of: "-", with: "_") + ".UTF-8") == language)
        #expect(Language.from(environment: ["LANG": tag.replacingOccurrences(of: "-", with: "_") + ".UTF-8"]) == language)
        #expect(Language.from(acceptLanguage: "sw, \(tag);q=0.8") == language)
    }

    /// The eight languages and the pseudo-locale, as the files of a full checkout name them: the
    /// fallbacks do not depend on which files are merged yet.
    static let eight = ["en", "de", "en-XA", "es", "fr", "ja", "pt-BR", "ru", "zh-Hans"]

    @Test(arguments: [
        ("pt_BR.UTF-8", "pt-BR"), ("pt_PT.UTF-8", "pt-BR"), ("pt", "pt-BR"), ("pt-BR", "pt-BR"),
        ("zh_CN.UTF-8", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh_Hans", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("zh", "zh-Hans"),
        ("de_AT.UTF-8", "de"), ("de_CH", "de"), ("es_MX.UTF-8", "es"), ("es-419", "es"), ("fr_CA", "fr"), ("ja_JP.UTF-8", "ja"),
        ("en_GB.UTF-8", "en"), ("en_US", "en"), ("en_XA", "en-XA"), ("en-XA", "en-XA"),
    ])
    func fallbacks(_ tag: String, _ expected: String) {
        #expect(Language.match(tag, among: Self.eight) == expected)
    }

    @Test func traditionalChineseIsNotSimplified() {
        for tag in ["zh_TW.UTF-8", "zh_HK", "zh_Hant", "zh-Hant-TW", "zh-MO"] {
            #expect(Language.match(tag, among: Self.eight) == nil, "\(tag)")
        }
        #expect(Language.match("zh_TW", among: Self.eight + ["zh-Hant"]) == "zh-Hant")
        #expect(Language.match("zh_CN", among: Self.eight + ["zh-Hant"]) == "zh-Hans")
    }

    @Test func aPseudoLocaleOnlyByItsName() {
        #expect(Language.match("en_US.UTF-8", among: ["en-XA", "ru"]) == nil)
        #expect(Language.match("en", among: ["en-XA", "en"]) == "en")
        #expect(Language.match("pt_PT", among: ["pt-BR", "pt-PT"]) == "pt-PT" && Language.match("pt", among: ["pt-BR", "pt-PT"]) == "pt-BR")
        #expect(Language.from(acceptLanguage: "zh-TW, ru;q=0.5") == .russian, "traditional Chinese passes to the next choice")
    }
}
