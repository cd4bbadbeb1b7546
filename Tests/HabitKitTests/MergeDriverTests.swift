import Foundation
import HabitKit
import Testing
import TestSupport

@Suite("Merge driver")
final class MergeDriverTests {
    /// Scratch directories live as long as the test.
    var scratches: [ScratchDirectory] = []

    /// Writes base/ours/theirs into a fresh directory and returns their paths.
    func files(base: String, ours: String, theirs: String) throws -> (base: String, ours: String, theirs: String, directory: String) {
        let scratch = try ScratchDirectory("merge")
        scratches.append(scratch)
        let directory = scratch.path
        let paths = (directory + "/.merge_file_O", directory + "/.merge_file_A", directory + "/.merge_file_B")
        try Data(base.utf8).write(to: URL(fileURLWithPath: paths.0))
        try Data(ours.utf8).write(to: URL(fileURLWithPath: paths.1))
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: paths.2))
        return (paths.0, paths.1, paths.2, directory)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    let base = "name = \"Run\"\ncategory = \"Health\"\nschedule = \"daily\"\n\n[log]\n2026-11-02 = true\n"

    @Test func mergedResultReplacesOurFile() throws {
        let ours = base + "2026-11-04 = true\n"
        let theirs = base.replacingOccurrences(of: "\"Run\"", with: "\"Jog\"") + "2026-11-03 = \"skip\"\n"
        let f = try files(base: base, ours: ours, theirs: theirs)
        let report = MergeDriver.perform(base: f.base, ours: f.ours, theirs: f.theirs, path: "trackers/run.toml")
        #expect(report == MergeDriver.Report(status: 0, reason: nil, notes: []))
        #expect(contents(f.ours) == base.replacingOccurrences(of: "\"Run\"", with: "\"Jog\"") + "2026-11-03 = \"skip\"\n2026-11-04 = true\n")
        // No temporary file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: f.directory).sorted()
        #expect(left == [".merge_file_A", ".merge_file_B", ".merge_file_O"])
    }

    @Test func conflictLeavesOurFileAlone() throws {
        let ours = base + "2026-11-04 = true\n"
        let f = try files(base: base, ours: ours, theirs: "name = = 1\n")
        let status = MergeDriver.perform(base: f.base, ours: f.ours, theirs: f.theirs, path: "trackers/run.toml").status
        #expect(status == 1)
        #expect(contents(f.ours) == ours)
        let report = MergeDriver.perform(base: f.base, ours: f.ours, theirs: f.theirs, path: "trackers/run.toml")
        guard case .conflict(let reason)? = report.reason else { Issue.record("\(report)"); return }
        #expect(reason.text.contains("trackers/run.toml: the other machine's version is not valid TOML"))
    }

    @Test func notesAreReported() throws {
        let ours = base.replacingOccurrences(of: "\"Run\"", with: "\"Walk\"")
        let theirs = base.replacingOccurrences(of: "\"Run\"", with: "\"Jog\"")
        let f = try files(base: base, ours: ours, theirs: theirs)
        let report = MergeDriver.perform(base: f.base, ours: f.ours, theirs: f.theirs, path: "trackers/run.toml")
        #expect(report.status == 0)
        #expect(report.notes.map(\.description) == [
            #"trackers/run.toml: both sides changed "name"; kept "Jog" from the other machine, yours was "Walk""#
        ])
        #expect(contents(f.ours) == theirs)
    }

    @Test func emptyAncestorMeansAddedOnBothSides() throws {
        let f = try files(base: "", ours: base, theirs: base + "2026-11-05 = true\n")
        #expect(MergeDriver.perform(base: f.base, ours: f.ours, theirs: f.theirs, path: "trackers/run.toml").status == 0)
        #expect(contents(f.ours) == base + "2026-11-05 = true\n")
    }

    @Test func otherPathsAreConflicts() throws {
        let f = try files(base: "a", ours: "b", theirs: "c")
        let report = MergeDriver.perform(base: f.base, ours: f.ours, theirs: f.theirs, path: "notes.txt")
        #expect(report.status == 1)
        #expect(contents(f.ours) == "b")
    }
}
