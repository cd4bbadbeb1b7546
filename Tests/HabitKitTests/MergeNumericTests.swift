import HabitKit
import Testing

/// Totals, notes and vacations merged on two machines (docs/sync-merge.md).
@Suite struct MergeNumericTests {
    static func water(_ log: String...) -> String {
        (["name = \"Water\"", "category = \"Health\"", "schedule = \"daily\"", "target = 8", "", "[log]"] + log).joined(separator: "\n") + "\n"
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var base: String
        var ours: String
        var theirs: String
        var expected: String
        var notes: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "amounts added on both machines add up",
             base: water("2026-11-21 = 2"), ours: water("2026-11-21 = 5"), theirs: water("2026-11-21 = 3"),
             expected: "2026-11-21 = 6"),
        Case(name: "a day both machines started counts both",
             base: water(), ours: water("2026-11-21 = 2"), theirs: water("2026-11-21 = 1.5"),
             expected: "2026-11-21 = 3.5"),
        Case(name: "totals with notes add up and keep both notes",
             base: water("2026-11-21 = { amount = 2, note = \"a\" }"),
             ours: water("2026-11-21 = { amount = 4, note = \"hot\" }"),
             theirs: water("2026-11-21 = { amount = 3, note = \"gym\" }"),
             expected: "2026-11-21 = { amount = 5, note = \"gym; hot\" }"),
        Case(name: "a note added on one side joins a total changed on the other",
             base: water("2026-11-21 = 2"), ours: water("2026-11-21 = { amount = 2, note = \"hot\" }"), theirs: water("2026-11-21 = 4"),
             expected: "2026-11-21 = { amount = 4, note = \"hot\" }"),
        Case(name: "a note on both sides for a done day",
             base: water(), ours: water("2026-11-21 = { done = true, note = \"mine\" }"),
             theirs: water("2026-11-21 = { done = true, note = \"theirs\" }"),
             expected: "2026-11-21 = { done = true, note = \"theirs; mine\" }"),
        Case(name: "the same note twice is kept once",
             base: water(), ours: water("2026-11-21 = { skip = true, note = \"flu\" }"), theirs: water("2026-11-21 = { done = true, note = \"flu\" }"),
             expected: "2026-11-21 = { done = true, note = \"flu\" }",
             notes: ["both sides changed 2026-11-21 in the log; kept the other machine's done over your skip (done beats skip beats no mark)"]),
        Case(name: "a total beats a skip",
             base: water(), ours: water("2026-11-21 = \"skip\""), theirs: water("2026-11-21 = 3"),
             expected: "2026-11-21 = 3",
             notes: ["both sides changed 2026-11-21 in the log; kept the other machine's 3 over your skip (done beats skip beats no mark)"]),
        // Seed 15838 of the randomized sync test: 2 added on each machine to a day at 1 merged as 3.
        Case(name: "the same amount added on both machines counts twice",
             base: water("2026-11-21 = 1", "2026-11-22 = true"), ours: water("2026-11-21 = 3", "2026-11-22 = true"),
             theirs: water("2026-11-21 = 3", "2026-11-22 = { done = true, note = \"x\" }"),
             expected: "2026-11-21 = 5\n2026-11-22 = { done = true, note = \"x\" }"),
        Case(name: "the same amount on a new day on both machines counts twice, a whole file alike too",
             base: water(), ours: water("2026-11-21 = 2"), theirs: water("2026-11-21 = 2"),
             expected: "2026-11-21 = 4"),
        Case(name: "a total changed on one side, removed on the other, is kept",
             base: water("2026-11-21 = 2"), ours: water(), theirs: water("2026-11-21 = 5"),
             expected: "2026-11-21 = 5",
             notes: ["both sides changed 2026-11-21 in the log; kept the other machine's 5 over your no mark (done beats skip beats no mark)"]),
    ]

    @Test(arguments: cases)
    func mergesDays(_ sample: Case) throws {
        let (outcome, notes) = mergeTexts(base: sample.base, ours: sample.ours, theirs: sample.theirs)
        let text = try #require(writtenText(outcome))
        #expect(text == Self.water(sample.expected))
        #expect(notes.map(\.message) == sample.notes)
    }

    static let settings = "categories = [\"Health\"]\n"
    static func vacation(_ from: String, _ to: String) -> String { "\n[[vacation]]\nfrom = \(from)\nto = \(to)\n" }

    @Test func vacationsMergeAsAUnionOfRanges() throws {
        let christmas = Self.vacation("2026-12-24", "2027-01-02")
        let easter = Self.vacation("2027-03-28", "2027-04-05")
        let summer = Self.vacation("2027-07-01", "2027-07-14")
        let (outcome, notes) = mergeTexts("habit.toml", base: Self.settings + christmas, ours: Self.settings + christmas + easter,
                                          theirs: Self.settings + christmas + summer)
        #expect(writtenText(outcome) == Self.settings + christmas + easter + summer)
        #expect(notes.isEmpty)
    }

    @Test func aVacationRemovedOnOneSideIsRemoved() throws {
        let christmas = Self.vacation("2026-12-24", "2027-01-02")
        let summer = Self.vacation("2027-07-01", "2027-07-14")
        let (outcome, _) = mergeTexts("habit.toml", base: Self.settings + christmas, ours: Self.settings + christmas + "# a comment\n",
                                      theirs: Self.settings + summer)
        // The comment was ours, below the removed section: it stays where it was.
        #expect(writtenText(outcome) == Self.settings + "\n# a comment\n" + summer)
    }

    @Test func aFirstVacationOnEachSide() throws {
        let christmas = Self.vacation("2026-12-24", "2027-01-02")
        let summer = Self.vacation("2027-07-01", "2027-07-14")
        let (outcome, _) = mergeTexts("habit.toml", base: Self.settings, ours: Self.settings + christmas,
                                      theirs: "week_starts_on = \"sun\"\n" + Self.settings + summer)
        #expect(writtenText(outcome) == "week_starts_on = \"sun\"\n" + Self.settings + christmas + summer)
    }
}
