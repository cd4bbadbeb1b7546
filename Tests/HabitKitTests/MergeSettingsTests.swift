import HabitKit
import Testing

/// A habit.toml with these categories (inline) and week start.
private func settings(_ categories: [String], week: String = "mon") -> String {
    let list = categories.map { "\"\($0)\"" }.joined(separator: ", ")
    return "# habit settings\ncategories = [\(list)]\nweek_starts_on = \"\(week)\"   # first column\n"
}

private let base = settings(["Health", "Study", "Home"])

@Suite("Merging habit.toml")
struct MergeSettingsTests {
    static let cases: [MergeCase] = [
        MergeCase(
            name: "additions on both sides keep their places",
            base: base,
            ours: settings(["Health", "Study", "Home", "Work"]),
            theirs: settings(["Health", "Study", "Music", "Home"]),
            expected: settings(["Health", "Study", "Music", "Home", "Work"])),
        MergeCase(
            name: "a rename on ours and an addition after the old name on theirs",
            base: base,
            ours: settings(["Health", "Learning", "Home"]),
            theirs: settings(["Health", "Study", "Music", "Home"]),
            expected: settings(["Health", "Music", "Learning", "Home"])),
        MergeCase(
            name: "a rename on theirs and an addition on ours",
            base: base,
            ours: settings(["Health", "Study", "Home", "Work"]),
            theirs: settings(["Health", "Learning", "Home"]),
            expected: settings(["Health", "Learning", "Home", "Work"])),
        MergeCase(
            name: "renaming the first category keeps it first",
            base: base,
            ours: settings(["Health", "Study", "Home", "Work"]),
            theirs: settings(["Fitness", "Study", "Home"]),
            expected: settings(["Fitness", "Study", "Home", "Work"])),
        MergeCase(
            name: "a removal on theirs and an addition on ours",
            base: base,
            ours: settings(["Health", "Study", "Home", "Work"]),
            theirs: settings(["Health", "Home"]),
            expected: settings(["Health", "Home", "Work"])),
        MergeCase(
            name: "a removal on ours and another key changed on theirs",
            base: base,
            ours: settings(["Health", "Home"]),
            theirs: settings(["Health", "Study", "Home"], week: "sun"),
            expected: settings(["Health", "Home"], week: "sun")),
        MergeCase(
            name: "a category removed on one side and added back on the other stays removed",
            base: base,
            ours: settings(["Health", "Home"]),
            theirs: settings(["Health", "Study", "Home", "Art"]),
            expected: settings(["Health", "Home", "Art"])),
        MergeCase(
            name: "the same name added on both sides in different case: theirs' spelling",
            base: base,
            ours: settings(["Health", "Study", "Home", "Work"]),
            theirs: settings(["Health", "Study", "Home", "work"]),
            expected: settings(["Health", "Study", "Home", "work"]),
            notes: [#"both sides added the category "work"; kept the other machine's spelling, yours was "Work""#]),
        MergeCase(
            name: "a setting changed on both sides: theirs wins",
            base: base,
            ours: settings(["Health", "Study", "Home", "Work"], week: "sat"),
            theirs: settings(["Health", "Study", "Home"], week: "sun"),
            expected: settings(["Health", "Study", "Home", "Work"], week: "sun"),
            notes: [#"both sides changed "week_starts_on"; kept "sun" from the other machine, yours was "sat""#]),
        MergeCase(
            name: "a multi-line list keeps its layout and comments",
            base: base,
            ours: """
                categories = [
                  "Health",  # body
                  "Study",
                  "Home",
                ]
                week_starts_on = "mon"

                """,
            theirs: settings(["Health", "Music", "Study", "Home", "Work"]),
            expected: """
                categories = [
                  "Health",  # body
                  "Music",
                  "Study",
                  "Home",
                  "Work",
                ]
                week_starts_on = "mon"

                """),
        MergeCase(
            name: "categories added on both sides to a file without them",
            base: "week_starts_on = \"mon\"\n",
            ours: "week_starts_on = \"mon\"\ncategories = [\"Health\"]\n",
            theirs: "categories = [\"Study\", \"Health\"]\nweek_starts_on = \"mon\"\n",
            expected: "week_starts_on = \"mon\"\ncategories = [\"Study\", \"Health\"]\n"),
        MergeCase(
            name: "categories only theirs has are added next to their neighbour",
            base: "week_starts_on = \"mon\"\n",
            ours: "# mine\nweek_starts_on = \"mon\"\nautocommit = false\n",
            theirs: "week_starts_on = \"mon\"\ncategories = [\"Study\"]\n",
            expected: "# mine\nweek_starts_on = \"mon\"\ncategories = [\"Study\"]\nautocommit = false\n"),
    ]

    @Test(arguments: cases)
    func merges(_ example: MergeCase) throws {
        let (outcome, notes) = mergeTexts("habit.toml", base: example.base, ours: example.ours, theirs: example.theirs)
        let text = try #require(writtenText(outcome), "\(outcome)")
        #expect(text == example.expected)
        #expect(notes.map(\.message) == example.notes)
        #expect(parsedRoot(text) != nil)
    }

    @Test func categoriesThatAreNotAListMergeAsOneValue() throws {
        let (outcome, notes) = mergeTexts(
            "habit.toml", base: "categories = 1\n", ours: "categories = 2\n", theirs: "categories = [\"A\"]\n")
        #expect(writtenText(outcome) == "categories = [\"A\"]\n")
        #expect(notes.map(\.message) == [#"both sides changed "categories"; kept ["A"] from the other machine, yours was 2"#])
    }

    @Test func theLogOfHabitTomlIsNotSpecial() throws {
        // `log` only has day rules in tracker files.
        let (outcome, _) = mergeTexts(
            "habit.toml", base: "[log]\na = 1\n", ours: "[log]\na = 2\n", theirs: "[log]\na = 3\nb = 1\n")
        #expect(writtenText(outcome) == "[log]\na = 3\nb = 1\n")
    }
}
