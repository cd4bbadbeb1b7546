import Foundation
import Testing
import TestSupport

/// libsqlite3 is loaded on first use (Sources/CSQLite): only `habit import loop FILE.db` maps it,
/// seen through the dynamic loader's own report (LD_DEBUG=files) of the real binary; and when it
/// cannot be loaded, that import says so and writes nothing.
@Suite("libsqlite3 is loaded on first use", .serialized)
struct LazySQLiteTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HabitCLITests/Fixtures/import/generated").path
    static let backup = fixtures + "/Loop Habits Backup 2025-11-01 093000.db"

    static func run(_ arguments: [String], home: String, scratch: ScratchDirectory, extra: [String: String] = [:]) throws -> ProcessOutcome {
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2025-11-01T10:00"].merging(extra) { $1 }
        return try ChildProcess(BuiltProduct.habit!, arguments, environment: environment, scratch: scratch.path).wait()
    }

    static func ownErrors(_ outcome: ProcessOutcome) -> String {
        outcome.err.split(separator: "\n").filter { !$0.contains(":\t") }.joined(separator: "\n")
    }

    @Test func onlyADatabaseImportLoadsSQLite() throws {
        let scratch = try ScratchDirectory("lazy-sqlite")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try #require(try Self.run(["init"], home: home, scratch: scratch).succeeded)
        for arguments in [["import", "loop", Self.fixtures + "/current"], ["list"], ["show", "meditate"], ["stats"]] {
            let outcome = try Self.run(arguments, home: home, scratch: scratch, extra: ["LD_DEBUG": "files"])
            #expect(outcome.succeeded, "habit \(arguments.joined(separator: " ")): \(Self.ownErrors(outcome))")
            #expect(!outcome.err.contains("file=libsqlite3.so"), "habit \(arguments.joined(separator: " ")) loaded libsqlite3")
        }
        let outcome = try Self.run(["import", "loop", Self.backup, "--dry-run"], home: home, scratch: scratch, extra: ["LD_DEBUG": "files"])
        // The backup holds what the CSV export held: there is nothing new to import.
        #expect(outcome.status == 0, "\(Self.ownErrors(outcome))")
        #expect(outcome.out.hasPrefix("Nothing to import"), "\(outcome.out)")
        #expect(outcome.err.contains("file=libsqlite3.so.0"), "reading a .db loads libsqlite3")
    }

    /// A libsqlite3.so.0 the loader finds first (LD_LIBRARY_PATH) but cannot load.
    @Test func aMissingLibraryIsSaidAndNothingIsWritten() throws {
        let scratch = try ScratchDirectory("broken-sqlite")
        let home = scratch.sub("home")
        let libraries = scratch.sub("lib")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        try "not a library".write(toFile: libraries + "/libsqlite3.so.0", atomically: true, encoding: .utf8)
        try #require(try Self.run(["init"], home: home, scratch: scratch).succeeded)
        let data = home + "/.local/share/habit"
        let before = fileTree(data)
        let outcome = try Self.run(["import", "loop", Self.backup], home: home, scratch: scratch, extra: ["LD_LIBRARY_PATH": libraries])
        #expect(outcome.status == 1)
        #expect(outcome.err.contains("habit: error: Reading Loop's .db backups needs the SQLite library: "), "\(outcome.err)")
        #expect(outcome.err.contains("libsqlite3.so.0"))
        #expect(outcome.err.contains("apt-get install libsqlite3-0"))
        #expect(fileTree(data) == before, "nothing was written")
        // The CSV export needs no SQLite.
        #expect(try Self.run(["import", "loop", Self.fixtures + "/current"], home: home, scratch: scratch,
                             extra: ["LD_LIBRARY_PATH": libraries]).succeeded)
    }
}
