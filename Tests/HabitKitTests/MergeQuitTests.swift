import HabitKit
import Testing

/// Habits to quit and forgiven misses across two machines (docs/sync-merge.md).
@Suite("Merging slips and allowances")
struct MergeQuitTests {
    static func smoking(_ top: [String] = [], _ log: String...) -> String {
        (["name = \"Smoking\"", "category = \"Health\"", "quit = true"] + top + ["", "[log]"] + log).joined(separator: "\n") + "\n"
    }

    @Test func aSlipHereAndADoneThereBothSurvive() {
        let base = Self.smoking([], "2026-11-02 = \"slip\"")
        let ours = Self.smoking([], "2026-11-02 = \"slip\"", "2026-11-05 = { slip = true, note = \"party\" }")
        let theirs = Self.smoking([], "2026-11-02 = \"slip\"", "2026-11-04 = true")
        let (outcome, notes) = mergeTexts("trackers/smoking.toml", base: base, ours: ours, theirs: theirs)
        #expect(writtenText(outcome) == Self.smoking(
            [], "2026-11-02 = \"slip\"", "2026-11-04 = true", "2026-11-05 = { slip = true, note = \"party\" }"))
        #expect(notes.isEmpty)
    }

    @Test func aSlipBeatsADoneOnTheSameDay() {
        let base = Self.smoking()
        for (ours, theirs, keptYours) in [("\"slip\"", "true", true), ("true", "\"slip\"", false)] {
            let (outcome, notes) = mergeTexts(
                "trackers/smoking.toml", base: base, ours: Self.smoking([], "2026-11-04 = \(ours)"),
                theirs: Self.smoking([], "2026-11-04 = \(theirs)"))
            #expect(writtenText(outcome) == Self.smoking([], "2026-11-04 = \"slip\""))
            let sentence = keptYours
                ? "both sides changed 2026-11-04 in the log; kept your slip over the other machine's done"
                : "both sides changed 2026-11-04 in the log; kept the other machine's slip over your done"
            #expect(notes.map(\.message) == [sentence + " (a slip is never lost: it beats done, skip and no mark)"])
        }
    }

    @Test func slipNotesMergeLikeOthers() {
        let base = Self.smoking([], "2026-11-04 = \"slip\"")
        let ours = Self.smoking([], "2026-11-04 = { slip = true, note = \"party\" }")
        let theirs = Self.smoking([], "2026-11-04 = { slip = true, note = \"stress\" }")
        let (outcome, _) = mergeTexts("trackers/smoking.toml", base: base, ours: ours, theirs: theirs)
        #expect(writtenText(outcome) == Self.smoking([], "2026-11-04 = { slip = true, note = \"stress; party\" }"))
    }

    @Test func allowEditedOnBothSides() {
        let base = Self.smoking(["allow = \"1 per week\""])
        // Changed on one side only: that side's.
        let (one, oneNotes) = mergeTexts("trackers/smoking.toml", base: base, ours: base,
                                         theirs: Self.smoking(["allow = \"2 per month\""]))
        #expect(writtenText(one) == Self.smoking(["allow = \"2 per month\""]))
        #expect(oneNotes.isEmpty)
        // Changed differently on both: theirs, with a note.
        let (both, notes) = mergeTexts("trackers/smoking.toml", base: base, ours: Self.smoking(["allow = \"2 per week\""]),
                                       theirs: Self.smoking(["allow = \"3 per month\""]))
        #expect(writtenText(both) == Self.smoking(["allow = \"3 per month\""]))
        #expect(notes.map(\.message) == ["both sides changed \"allow\"; kept \"3 per month\" from the other machine, yours was \"2 per week\""])
        // Removed here, changed there: the change wins.
        let (removed, _) = mergeTexts("trackers/smoking.toml", base: base, ours: Self.smoking(),
                                      theirs: Self.smoking(["allow = \"2 per week\""]))
        #expect(writtenText(removed) == Self.smoking(["allow = \"2 per week\""]))
    }
}
