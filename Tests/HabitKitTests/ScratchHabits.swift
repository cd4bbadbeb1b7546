import Foundation
import HabitCore
import HabitKit
import HabitStore
import Testing
import TestSupport

/// A scratch copy of `examples/` with history on, and the use cases over it: what a use case
/// test calls, and the bytes and commits it checks.
final class ScratchHabits {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples").path
    static let today = CivilDate("2026-11-22")!

    let scratch: ScratchDirectory
    let habits: Habits
    var path: String { scratch.sub("data") }

    init() throws {
        scratch = try ScratchDirectory("use-case")
        try FileManager.default.copyItem(atPath: Self.examples, toPath: scratch.sub("data"))
        habits = Habits(directory: DataDirectory(path: scratch.sub("data")), cache: nil, clock: { 1_795_000_000 })
        #expect(try habits.enableHistory())
    }

    /// A file of the data directory, as text ("" when there is none).
    func file(_ relative: String) -> String { readFile(path + "/" + relative) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    /// Runs git in the data directory; its output without the last line break.
    func git(_ arguments: String...) throws -> String {
        var output = try GitCommandLine.run(arguments, in: path)
        if output.hasSuffix("\n") { output.removeLast() }
        return output
    }

    /// The last commit's message and the files it changed, sorted.
    func lastCommit() throws -> (message: String, files: [String]) {
        let files = try git("show", "--name-only", "--format=", "HEAD").split(separator: "\n").map(String.init).sorted()
        return (try git("log", "-1", "--format=%s"), files)
    }

    func commitCount() throws -> Int { Int(try git("rev-list", "--count", "HEAD")) ?? -1 }

    /// The working tree holds exactly what HEAD holds.
    func isCommitted() throws -> Bool { try git("status", "--porcelain").isEmpty }

    /// Expects `body` to refuse with `expected`, leaving every file and the history as they were.
    func expectRefusal<Result>(_ expected: HabitError, sourceLocation: SourceLocation = #_sourceLocation,
                               _ body: () throws -> Result) throws {
        try expectRefusal(sourceLocation: sourceLocation, { $0 == expected }, body)
    }

    /// Expects `body` to refuse with an error `matches` accepts, leaving every file and the history
    /// as they were.
    func expectRefusal<Result>(sourceLocation: SourceLocation = #_sourceLocation, _ matches: (HabitError) -> Bool,
                               _ body: () throws -> Result) throws {
        let files = fileTree(path) { $0 == "habit-lock" }
        let head = try git("rev-parse", "HEAD")
        do {
            _ = try body()
            Issue.record("no refusal", sourceLocation: sourceLocation)
        } catch let error as HabitError {
            #expect(matches(error), "refused with \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a HabitError: \(error)", sourceLocation: sourceLocation)
        }
        #expect(fileTree(path) { $0 == "habit-lock" } == files, "a refusal changed a file", sourceLocation: sourceLocation)
        #expect(try git("rev-parse", "HEAD") == head, "a refusal committed", sourceLocation: sourceLocation)
    }
}
