import Foundation
import Testing
import TestSupport

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

    @Test func importingTwiceChangesNothingAndNewDaysAreRefusedUnlessMergingOrRenaming() throws {
        let habit = try Harness(examples: false, now: "2025-06-01T10:00")
        #expect(habit.run("init").code == 0)
        #expect(habit.run(["import", "harsh", Self.path("harsh")]).code == 0)
        let before = habit.snapshot()
        let again = habit.run(["import", "harsh", Self.path("harsh")])
        #expect(again.code == 0, "\(again.err)")
        #expect(again.out.hasPrefix("Nothing to import"))
        #expect(habit.snapshot() == before, "importing the same files again writes nothing")
        let changed = habit.root.appendingPathComponent("harsh-more")
        try FileManager.default.copyItem(atPath: Self.path("harsh"), toPath: changed.path)
        let log = changed.appendingPathComponent("log")
        try (String(contentsOf: log, encoding: .utf8) + "2025-05-31 : Gym : y\n").write(to: log, atomically: true, encoding: .utf8)
        let refused = habit.run(["import", "harsh", changed.path])
        #expect(refused.code == 1)
        #expect(refused.err.contains("“Gym”"))
        #expect(habit.snapshot() == before, "a refused import writes nothing")
        let renamed = habit.run(["import", "harsh", changed.path, "--rename"])
        #expect(renamed.code == 0, "\(renamed.err)")
        #expect(renamed.out.contains("“Gym (2)”"))
        #expect(habit.file("trackers/gym-2.toml").contains(#"name = "Gym (2)""#))
    }

    /// --merge into a tracker with history: one commit that adds only the new days (the hand-written
    /// lines and comments of the file stay byte for byte), a start moved back for an earlier day,
    /// a directory that checks clean; merging again makes no commit.
    @Test func mergeAddsOnlyNewDaysInOneCommit() throws {
        let habit = try Harness(examples: false, now: "2026-11-22T10:00")
        #expect(habit.run("init").code == 0)
        #expect(habit.run(["category", "add", "Health"]).code == 0)
        #expect(habit.run(["add", "Stretch", "--category", "Health", "--daily", "--start", "2026-11-10"]).code == 0)
        #expect(habit.run(["done", "Stretch", "--date", "2026-11-15"]).code == 0)
        let file = "trackers/stretch.toml"
        try habit.write(file, habit.file(file).replacingOccurrences(of: "2026-11-15 = true", with: "2026-11-15 = true  # felt good"))
        #expect(habit.run("commit").code == 0)
        let loop = habit.root.appendingPathComponent("loop")
        try FileManager.default.createDirectory(at: loop.appendingPathComponent("001 Stretch"), withIntermediateDirectories: true)
        try "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n001,Stretch,YES_NO,,,1,1,#00897B,,,,false\n"
            .write(to: loop.appendingPathComponent("Habits.csv"), atomically: true, encoding: .utf8)
        try "Date,Value,Notes\n2026-11-16,YES_MANUAL,\n2026-11-15,SKIP,\n2026-11-05,YES_MANUAL,early\n"
            .write(to: loop.appendingPathComponent("001 Stretch/Checkmarks.csv"), atomically: true, encoding: .utf8)
        let commits = { try GitCommandLine.run(["rev-list", "--count", "HEAD"], in: habit.directory.path).trimmingCharacters(in: CharacterSet.whitespacesAndNewlines) }
        let before = try commits()
        let merged = habit.run(["import", "loop", loop.path, "--merge"])
        #expect(merged.code == 0, "\(merged.err)")
        #expect(try commits() == String(Int(before)! + 1), "one commit")
        let text = habit.file(file)
        #expect(text.contains("2026-11-15 = true  # felt good"), "habit's day and its comment stay")
        #expect(text.contains("2026-11-16 = true"))
        #expect(text.contains(#"2026-11-05 = { done = true, note = "early" }"#), "\(text)")
        #expect(text.contains("start = 2026-11-05"), "the start moves back to the earlier day")
        #expect(habit.run("check").code == 0)
        let again = habit.run(["import", "loop", loop.path, "--merge"])
        #expect(again.code == 0)
        #expect(again.out.hasPrefix("Nothing to import"), "\(again.out)")
        #expect(try commits() == String(Int(before)! + 1), "merging again makes no commit")
    }

    /// A .zip whose bytes are damaged, or that is encrypted, is refused with the file and the entry,
    /// and nothing is written.
    @Test(arguments: ["damaged", "encrypted", "huge"])
    func badZipIsRefused(_ kind: String) throws {
        let habit = try Harness(examples: false, now: "2025-06-01T10:00")
        #expect(habit.run("init").code == 0)
        var bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("Loop Habits CSV 2015-01-25.zip")))
        if kind == "damaged" {
            // The last byte of the first entry's data: its CRC no longer adds up.
            let nameLength = Int(bytes[26]) | Int(bytes[27]) << 8
            let extraLength = Int(bytes[28]) | Int(bytes[29]) << 8
            let size = Int(bytes[18]) | Int(bytes[19]) << 8 | Int(bytes[20]) << 16 | Int(bytes[21]) << 24
            bytes[30 + nameLength + extraLength + size - 1] ^= 0xFF
        } else if kind == "huge" {
            // Every central directory entry claims to unpack to 4 GB: refused before anything is
            // allocated for it.
            var at = 0
            while at + 4 <= bytes.count {
                if bytes[at] == 0x50, bytes[at + 1] == 0x4b, bytes[at + 2] == 0x01, bytes[at + 3] == 0x02 {
                    for offset in 24..<28 { bytes[at + offset] = 0xFF }
                }
                at += 1
            }
        } else {
            // The encrypted flag of every central directory entry.
            var at = 0
            while at + 4 <= bytes.count {
                if bytes[at] == 0x50, bytes[at + 1] == 0x4b, bytes[at + 2] == 0x01, bytes[at + 3] == 0x02 { bytes[at + 8] |= 1 }
                at += 1
            }
        }
        let zip = habit.root.appendingPathComponent("export.zip")
        try Data(bytes).write(to: zip)
        let before = habit.snapshot()
        let result = habit.run(["import", "loop", zip.path])
        #expect(result.code == 1)
        let expected = ["damaged": "is damaged", "encrypted": "uses encrypted entries", "huge": "uses an entry of over 256 MB"][kind]!
        #expect(result.err.contains(expected), "\(result.err)")
        #expect(result.err.contains(zip.path))
        #expect(habit.snapshot() == before)
    }
}
