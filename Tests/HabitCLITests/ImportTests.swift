import Foundation
import Testing

/// Imports of the hand-written fixtures in Fixtures/import (written as Loop and harsh write their
/// files), compared with golden files: the command's output and every tracker file written.
/// `UPDATE_GOLDEN=1` rewrites the golden files, to be read and checked once.
@Suite struct ImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/import")

    /// The command's output, then each file under trackers/ and habit.toml.
    static func result(_ arguments: [String]) throws -> String {
        let habit = try Harness(examples: false, now: "2025-06-01T10:00")
        #expect(habit.run("init").code == 0)
        let outcome = habit.run(arguments)
        var text = "$ habit " + arguments.map { $0.replacingOccurrences(of: fixtures.path, with: "$FIXTURES") }.joined(separator: " ") + "\n"
        text += outcome.out.replacingOccurrences(of: fixtures.path, with: "$FIXTURES") + outcome.err + ">= \(outcome.code)\n"
        let trackers = habit.directory.appendingPathComponent("trackers")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: trackers.path)) ?? []).sorted() {
            text += "\n==> trackers/\(name) <==\n" + habit.file("trackers/\(name)")
        }
        text += "\n==> habit.toml <==\n" + habit.file("habit.toml")
        if outcome.code == 0, !arguments.contains("--dry-run") {
            let check = habit.run("check")
            #expect(check.code == 0, "the imported directory checks clean: \(check.out)\(check.err)")
        }
        return text
    }

    static func expectGolden(_ name: String, _ arguments: [String]) throws {
        let golden = fixtures.appendingPathComponent("golden/\(name).txt")
        let actual = try result(arguments)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(actual == expected, "golden \(name) differs; UPDATE_GOLDEN=1 rewrites it")
    }

    static func path(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }

    @Test func loopCurrentFolder() throws {
        try Self.expectGolden("loop-current", ["import", "loop", Self.path("loop-current")])
    }

    @Test func loopCurrentZipIsTheSameAsTheFolder() throws {
        let folder = try Self.result(["import", "loop", Self.path("loop-current")])
        let zip = try Self.result(["import", "loop", Self.path("Loop Habits CSV 2015-01-25.zip")])
        let body = { (text: String) in text.split(separator: "\n").dropFirst(2).joined(separator: "\n") }
        #expect(body(folder) == body(zip))
    }

    @Test func loopOldHeaderlessFormat() throws {
        try Self.expectGolden("loop-old", ["import", "loop", Self.path("loop-old"), "--category", "Health"])
    }

    @Test func harsh() throws {
        try Self.expectGolden("harsh", ["import", "harsh", Self.path("harsh")])
    }

    @Test func dryRunWritesNothing() throws {
        try Self.expectGolden("loop-dry-run", ["import", "loop", Self.path("loop-current"), "--dry-run"])
    }

    @Test func importingTwiceIsRefusedUnlessRenaming() throws {
        let habit = try Harness(examples: false, now: "2025-06-01T10:00")
        #expect(habit.run("init").code == 0)
        #expect(habit.run(["import", "harsh", Self.path("harsh")]).code == 0)
        let before = habit.snapshot()
        let again = habit.run(["import", "harsh", Self.path("harsh")])
        #expect(again.code == 1)
        #expect(again.err.contains("“Gym”"))
        #expect(habit.snapshot() == before, "a refused import writes nothing")
        let renamed = habit.run(["import", "harsh", Self.path("harsh"), "--rename"])
        #expect(renamed.code == 0, "\(renamed.err)")
        #expect(renamed.out.contains("“Gym (2)”"))
        #expect(habit.file("trackers/gym-2.toml").contains(#"name = "Gym (2)""#))
    }
}
