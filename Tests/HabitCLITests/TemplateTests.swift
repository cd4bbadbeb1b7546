import HabitLocalization
import Testing
@testable import HabitCLI

/// Templates are scanned as UTF-8 bytes; what they render must not depend on it.
@Suite struct TemplateTests {
    let plural: (Int) -> String = { $0 == 1 ? "one" : "other" }

    @Test func fillsArgumentsAndPluralBranches() {
        #expect(Template.render("{0} has {1, plural, one {# day} other {# days}}", ["Run", "1"], plural: plural) == "Run has 1 day")
        #expect(Template.render("{1, plural, one {{0} is #} other {{0} are # #}}!", ["Ёж", "3"], plural: plural) == "Ёж are 3 3!")
        #expect(Template.render("Дни: {0, plural, one {# день} other {# дней}}", ["21"], plural: { _ in "one" }) == "Дни: 21 день")
        #expect(Template.render("🏃 {0}…", ["é"], plural: plural) == "🏃 é…")
    }

    @Test func leavesWhatItCannotFillAsWritten() {
        #expect(Template.render("no braces", [], plural: plural) == "no braces")
        #expect(Template.render("{5} and {x}", ["a"], plural: plural) == "{5} and {x}")
        #expect(Template.render("open {0", ["a"], plural: plural) == "open {0")
        #expect(Template.render("{0, plural, one {# x}}", ["many"], plural: plural) == "many")
    }
}
