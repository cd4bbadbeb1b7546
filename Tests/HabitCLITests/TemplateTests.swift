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
        #expect(Template.render("{0, plural, one {# x}", ["1"], plural: plural) == "{0, plural, one {# x}")
        #expect(Template.render("{0, plural, one {# x} other {# y}", ["1"], plural: plural) == "{0, plural, one {# x} other {# y}")
    }

    /// Blanks around the parts, a branch that is missing (then `other`, then `many`), a name
    /// written twice (the last one counts), `#` beside other text and several `#`, and a
    /// category with no branch and no `other` (the number itself).
    @Test func choosesBranchesAsTheCatalogsWriteThem() {
        let russian: (Int) -> String = { $0 % 10 == 1 && $0 % 100 != 11 ? "one" : (isFew($0) ? "few" : "many") }
        #expect(Template.render("{ 0 ,plural,\tone{#день}  few {# дня} many {# дней}}", ["21"], plural: russian) == "21день")
        #expect(Template.render("{0, plural, one {# день} few {# дня} many {# дней}}", ["3"], plural: russian) == "3 дня")
        #expect(Template.render("{0, plural, one {# день} many {# дней}}", ["3"], plural: russian) == "3 дней")
        #expect(Template.render("{0, plural, one {a} other {b} other {c}}", ["5"], plural: plural) == "c")
        #expect(Template.render("{0, plural, other {#/#%}}", ["7"], plural: plural) == "7/7%")
        #expect(Template.render("{0, plural, one {x}}", ["7"], plural: plural) == "7")
        #expect(Template.render("{0, plural, one {x}} and {1}", ["7", "🏃"], plural: plural) == "7 and 🏃")
        #expect(Template.render("{0, plural, other {# {1}}}", ["2", "{0}"], plural: plural) == "2 {0}")
        #expect(Template.render("{0, plurals, other {#}}", ["2"], plural: plural) == "2")
        #expect(Template.render("{0, plural, other {#}}", ["two"], plural: plural) == "two")
        #expect(Template.render("{+0}{ 1 }", ["a", "b"], plural: plural) == "ab")
        #expect(Template.render("{}{,}{-1}", ["a"], plural: plural) == "{}{,}{-1}")
    }
}

/// Russian's few: 2–4, not 12–14.
private func isFew(_ count: Int) -> Bool { (2...4).contains(count % 10) && !(12...14).contains(count % 100) }
