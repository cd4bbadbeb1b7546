import HabitKit
import Testing

/// Lines joined with LF, ending with one.
private func file(_ lines: String...) -> String { lines.joined(separator: "\n") + "\n" }

private let header = [
    "# Running: three times a week",
    "name = \"Morning run\"",
    "category = \"Health\"",
    "schedule = [\"mon\", \"wed\", \"fri\"]",
    "",
    "[log]",
]

/// A tracker file with the standard header and these log lines.
private func run(_ log: String...) -> String { (header + log).joined(separator: "\n") + "\n" }

private let base = run("2026-11-02 = true", "2026-11-04 = true")

struct MergeCase: CustomTestStringConvertible, Sendable {
    var name: String
    var base: String?
    var ours: String?
    var theirs: String?
    /// The exact merged text.
    var expected: String
    /// The exact notes (messages only).
    var notes: [String] = []

    var testDescription: String { name }
}

@Suite("Merging tracker files")
struct MergeTrackerTests {
    static let cases: [MergeCase] = [
        MergeCase(
            name: "different days on both sides",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = \"skip\""),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = \"skip\"", "2026-11-06 = true")),
        MergeCase(
            name: "days before, between and after ours' days",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-09 = true"),
            theirs: run("2026-11-01 = true", "2026-11-02 = true", "2026-11-03 = true", "2026-11-04 = true", "2026-11-12 = true"),
            expected: run(
                "2026-11-01 = true", "2026-11-02 = true", "2026-11-03 = true", "2026-11-04 = true", "2026-11-09 = true",
                "2026-11-12 = true")),
        MergeCase(
            name: "the same day added on both sides is one line",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true", "2026-11-07 = true"),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true", "2026-11-07 = true")),
        MergeCase(
            name: "done on theirs beats skip on ours",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = \"skip\""),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            notes: [
                "both sides changed 2026-11-06 in the log; kept the other machine's done over your skip (done beats skip beats no mark)"
            ]),
        MergeCase(
            name: "done on ours beats skip on theirs",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = \"skip\""),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            notes: [
                "both sides changed 2026-11-06 in the log; kept your done over the other machine's skip (done beats skip beats no mark)"
            ]),
        MergeCase(
            name: "a day removed on ours and untouched on theirs is removed",
            base: base,
            ours: run("2026-11-04 = true"),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            expected: run("2026-11-04 = true", "2026-11-06 = true")),
        MergeCase(
            name: "a day removed on theirs and untouched on ours is removed",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            theirs: run("2026-11-04 = true"),
            expected: run("2026-11-04 = true", "2026-11-06 = true")),
        MergeCase(
            name: "a day removed on both sides is removed",
            base: base,
            ours: run("2026-11-04 = true", "2026-11-05 = true"),
            theirs: run("2026-11-04 = true"),
            expected: run("2026-11-04 = true", "2026-11-05 = true")),
        MergeCase(
            name: "removed on ours, changed to skip on theirs: skip beats no mark",
            base: base,
            ours: run("2026-11-02 = true"),
            theirs: run("2026-11-02 = true", "2026-11-04 = \"skip\""),
            expected: run("2026-11-02 = true", "2026-11-04 = \"skip\""),
            notes: [
                "both sides changed 2026-11-04 in the log; kept the other machine's skip over your no mark (done beats skip beats no mark)"
            ]),
        MergeCase(
            name: "changed to skip on ours, removed on theirs: ours' skip stays",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = \"skip\""),
            theirs: run("2026-11-02 = true"),
            expected: run("2026-11-02 = true", "2026-11-04 = \"skip\""),
            notes: [
                "both sides changed 2026-11-04 in the log; kept your skip over the other machine's no mark (done beats skip beats no mark)"
            ]),
        MergeCase(
            name: "a skip removed on ours and made done on theirs is done",
            base: run("2026-11-02 = \"skip\""),
            ours: run(),
            theirs: run("2026-11-02 = true"),
            expected: run("2026-11-02 = true"),
            notes: [
                "both sides changed 2026-11-02 in the log; kept the other machine's done over your no mark (done beats skip beats no mark)"
            ]),
        MergeCase(
            name: "a field changed on theirs only",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            theirs: base.replacingOccurrences(of: "Morning run", with: "Evening run"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true")
                .replacingOccurrences(of: "Morning run", with: "Evening run")),
        MergeCase(
            name: "a field changed on ours only",
            base: base,
            ours: base.replacingOccurrences(of: "\"Health\"", with: "\"Sport\""),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true")
                .replacingOccurrences(of: "\"Health\"", with: "\"Sport\"")),
        MergeCase(
            name: "a field changed on both sides: theirs wins",
            base: base,
            ours: base.replacingOccurrences(of: "Morning run", with: "Night run"),
            theirs: base.replacingOccurrences(of: "Morning run", with: "Evening run"),
            expected: base.replacingOccurrences(of: "Morning run", with: "Evening run"),
            notes: [#"both sides changed "name"; kept "Evening run" from the other machine, yours was "Night run""#]),
        MergeCase(
            name: "a field changed the same way on both sides",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true").replacingOccurrences(of: "Morning", with: "Noon"),
            theirs: base.replacingOccurrences(of: "Morning", with: "Noon"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true").replacingOccurrences(of: "Morning", with: "Noon")),
        MergeCase(
            name: "a field removed on one side and unchanged on the other is removed",
            base: base.replacingOccurrences(of: "[log]", with: "emoji = \"🏃\"\n\n[log]"),
            ours: base,
            theirs: base.replacingOccurrences(of: "[log]", with: "emoji = \"🏃\"\n\n[log]").replacingOccurrences(of: "Morning", with: "Noon"),
            expected: base.replacingOccurrences(of: "Morning", with: "Noon")),
        MergeCase(
            name: "a field removed on ours and changed on theirs: the change is kept",
            base: base.replacingOccurrences(of: "[log]", with: "emoji = \"🏃\"\n[log]"),
            ours: base.replacingOccurrences(of: "\n[log]", with: "[log]"),
            theirs: base.replacingOccurrences(of: "[log]", with: "emoji = \"🚴\"\n[log]"),
            expected: base.replacingOccurrences(of: "\n[log]", with: "emoji = \"🚴\"\n[log]"),
            notes: [#"you removed "emoji" but the other machine changed it; kept "🚴" from the other machine"#]),
        MergeCase(
            name: "unknown keys merge like known ones and keep their neighbours",
            base: base,
            ours: base.replacingOccurrences(of: "\n\n[log]", with: "\nmood = 3\n\n[log]"),
            theirs: base.replacingOccurrences(of: "category = \"Health\"", with: "category = \"Health\"\nnotes = \"hills\""),
            expected: file(
                "# Running: three times a week",
                "name = \"Morning run\"",
                "category = \"Health\"",
                "notes = \"hills\"",
                "schedule = [\"mon\", \"wed\", \"fri\"]",
                "mood = 3",
                "",
                "[log]",
                "2026-11-02 = true",
                "2026-11-04 = true")),
        MergeCase(
            name: "an unknown key changed on both sides: theirs wins",
            base: base.replacingOccurrences(of: "\n\n[log]", with: "\nmood = 3\n\n[log]"),
            ours: base.replacingOccurrences(of: "\n\n[log]", with: "\nmood = 4\n\n[log]"),
            theirs: base.replacingOccurrences(of: "\n\n[log]", with: "\nmood = 5\n\n[log]"),
            expected: base.replacingOccurrences(of: "\n\n[log]", with: "\nmood = 5\n\n[log]"),
            notes: [#"both sides changed "mood"; kept 5 from the other machine, yours was 4"#]),
        MergeCase(
            name: "a key first in theirs goes before its next neighbour",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            theirs: base.replacingOccurrences(of: "# Running: three times a week\n", with: "# Running: three times a week\nid = 7\n"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true")
                .replacingOccurrences(of: "# Running: three times a week\n", with: "# Running: three times a week\nid = 7\n")),
        MergeCase(
            name: "an unknown table added by theirs is appended as a section",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true"),
            theirs: base + "\n[meta]\nsource = \"watch\"\n",
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-06 = true") + "\n[meta]\nsource = \"watch\"\n"),
        MergeCase(
            name: "comments, order and spacing of ours survive",
            base: base,
            ours: file(
                "# My run — keep this comment",
                "name    = \"Morning run\"   # the name",
                "schedule = [\"mon\", \"wed\", \"fri\"]",
                "category = \"Health\"",
                "",
                "[log]   # days",
                "  2026-11-02 = true   # first",
                "  # a comment inside the log",
                "  2026-11-04 = true"),
            theirs: file(
                "# Running: three times a week",
                "name = \"Morning run\"",
                "category = \"Health\"",
                "schedule = [\"mon\", \"wed\", \"fri\"]",
                "pinned = true",
                "",
                "[log]",
                "2026-11-02 = true",
                "2026-11-03 = true",
                "2026-11-04 = true",
                "2026-11-10 = \"skip\""),
            expected: file(
                "# My run — keep this comment",
                "name    = \"Morning run\"   # the name",
                "schedule = [\"mon\", \"wed\", \"fri\"]",
                "pinned = true",
                "category = \"Health\"",
                "",
                "[log]   # days",
                "  2026-11-02 = true   # first",
                "  # a comment inside the log",
                "  2026-11-03 = true",
                "  2026-11-04 = true",
                "  2026-11-10 = \"skip\"")),
        MergeCase(
            name: "a changed day keeps its comment and spacing",
            base: base,
            ours: run("2026-11-02   =   true  # felt great", "2026-11-04 = true", "2026-11-05 = true"),
            theirs: run("2026-11-02 = \"skip\"", "2026-11-04 = true"),
            expected: run("2026-11-02   =   \"skip\"  # felt great", "2026-11-04 = true", "2026-11-05 = true")),
        MergeCase(
            name: "CRLF ours: new lines use CRLF",
            base: base,
            ours: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-08 = true").replacingOccurrences(of: "\n", with: "\r\n"),
            theirs: run("2026-11-02 = true", "2026-11-03 = true", "2026-11-04 = true", "2026-11-09 = true")
                .replacingOccurrences(of: "Morning run", with: "Evening run"),
            expected: run("2026-11-02 = true", "2026-11-03 = true", "2026-11-04 = true", "2026-11-08 = true", "2026-11-09 = true")
                .replacingOccurrences(of: "Morning run", with: "Evening run").replacingOccurrences(of: "\n", with: "\r\n")),
        MergeCase(
            name: "ours ends without a newline",
            base: base,
            ours: String(run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true").dropLast()),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-09 = true"),
            expected: String(run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true", "2026-11-09 = true").dropLast())),
        MergeCase(
            name: "ours has an empty [log]",
            base: run(),
            ours: run().replacingOccurrences(of: "Morning", with: "Noon"),
            theirs: run("2026-11-02 = true", "2026-11-03 = true"),
            expected: run("2026-11-02 = true", "2026-11-03 = true").replacingOccurrences(of: "Morning", with: "Noon")),
        MergeCase(
            name: "ours has no [log] at all",
            base: String(run().dropLast("\n[log]\n".count)) + "\n",
            ours: String(run().dropLast("\n[log]\n".count)).replacingOccurrences(of: "Morning", with: "Noon") + "\n",
            theirs: run("2026-11-02 = true", "2026-11-03 = true"),
            expected: run("2026-11-02 = true", "2026-11-03 = true").replacingOccurrences(of: "Morning", with: "Noon")),
        MergeCase(
            name: "an inline log in ours",
            base: base,
            ours: file(
                "name = \"Morning run\"", "category = \"Health\"", "schedule = \"daily\"",
                "log = { 2026-11-02 = true, 2026-11-04 = true }"),
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true"),
            expected: file(
                "name = \"Morning run\"", "category = \"Health\"", "schedule = \"daily\"",
                "log = { 2026-11-02 = true, 2026-11-04 = true, 2026-11-05 = true }")),
        MergeCase(
            name: "a log with a sub-table in ours (edited key by key)",
            base: base,
            ours: base + "\n[log.meta]\nsource = \"watch\"\n",
            theirs: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true"),
            expected: run("2026-11-02 = true", "2026-11-04 = true", "2026-11-05 = true") + "\n[log.meta]\nsource = \"watch\"\n"),
        MergeCase(
            name: "an unsorted log in ours: new days go before the first later one",
            base: base,
            ours: run("2026-11-04 = true", "2026-11-02 = true", "2026-11-20 = true"),
            theirs: run("2026-11-02 = true", "2026-11-03 = true", "2026-11-04 = true", "2026-11-10 = true"),
            expected: run("2026-11-03 = true", "2026-11-04 = true", "2026-11-02 = true", "2026-11-10 = true", "2026-11-20 = true")),
        MergeCase(
            name: "the same tracker added on both sides (name, kind and schedule agree): one tracker, both logs",
            base: nil,
            ours: run("2026-11-02 = true", "2026-11-03 = \"skip\""),
            theirs: run("2026-11-03 = true", "2026-11-05 = true").replacingOccurrences(of: "Morning run", with: "MORNING RUN")
                .replacingOccurrences(of: "Health", with: "Fitness"),
            expected: run("2026-11-02 = true", "2026-11-03 = true", "2026-11-05 = true").replacingOccurrences(of: "Morning run", with: "MORNING RUN")
                .replacingOccurrences(of: "Health", with: "Fitness"),
            notes: [
                #"both sides added "name"; kept "MORNING RUN" from the other machine, yours was "Morning run""#,
                #"both sides added "category"; kept "Fitness" from the other machine, yours was "Health""#,
                "both sides changed 2026-11-03 in the log; kept the other machine's done over your skip (done beats skip beats no mark)",
            ]),
        MergeCase(
            name: "kind and schedule stay consistent",
            base: base,
            ours: base.replacingOccurrences(of: "schedule = [\"mon\", \"wed\", \"fri\"]", with: "kind = \"event\""),
            theirs: base.replacingOccurrences(of: "\"fri\"]", with: "\"sat\"]"),
            expected: base.replacingOccurrences(of: "\"fri\"]", with: "\"sat\"]"),
            notes: [
                #"you removed "schedule" but the other machine changed it; kept ["mon", "wed", "sat"] from the other machine"#,
                #"the changes to "kind" and "schedule" do not fit together; kept the other machine's pair: a habit with schedule = ["mon", "wed", "sat"]"#,
            ]),
    ]

    @Test(arguments: cases)
    func merges(_ example: MergeCase) throws {
        let (outcome, notes) = mergeTexts(base: example.base, ours: example.ours, theirs: example.theirs)
        let text = try #require(writtenText(outcome), "\(outcome)")
        #expect(text == example.expected)
        #expect(notes.map(\.message) == example.notes)
        #expect(notes.allSatisfy { $0.path == "trackers/run.toml" })
        #expect(parsedRoot(text) != nil)
    }

    @Test("two different trackers added at one path are never merged into one", arguments: [
        ("Morning run", "Evening run"), ("schedule = [\"mon\", \"wed\", \"fri\"]", "schedule = \"daily\""),
        ("schedule = [\"mon\", \"wed\", \"fri\"]", "kind = \"event\""),
    ])
    func differentTrackersAddedTwice(_ change: (String, String)) {
        let ours = run("2026-11-02 = true")
        let theirs = run("2026-11-05 = true").replacingOccurrences(of: change.0, with: change.1)
        let (outcome, notes) = mergeTexts(base: nil, ours: ours, theirs: theirs)
        #expect(outcome == .conflict(.addedTwice(path: "trackers/run.toml")))
        #expect(notes.isEmpty)
    }

    @Test func noteReadsWithItsPath() {
        let (_, notes) = mergeTexts(
            base: base, ours: base.replacingOccurrences(of: "Morning run", with: "Night run"),
            theirs: base.replacingOccurrences(of: "Morning run", with: "Evening run"))
        #expect(notes.map(\.description) == [
            #"trackers/run.toml: both sides changed "name"; kept "Evening run" from the other machine, yours was "Night run""#
        ])
    }
}
