import Foundation
import HabitStore
import TOML
import Testing
import TestSupport

/// Replays every input in `Regressions/` (crashers and property failures the fuzzer or the other
/// tests found, minimised) through the parser and through the tracker loader, in this process and
/// through the `habit-fuzz` replayer, which runs the fuzzer's own checks.
@Suite("Fuzz regressions")
struct RegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")

    static var inputs: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every regression input parses or fails with a located diagnostic, and loads as a tracker file")
    func replayInProcess() throws {
        #expect(!RegressionTests.inputs.isEmpty)
        let scratch = try ScratchDirectory("regress")
        try FileManager.default.createDirectory(atPath: scratch.sub("trackers"), withIntermediateDirectories: true)
        try Data("categories = [\"Health\"]\n".utf8).write(to: URL(fileURLWithPath: scratch.sub("habit.toml")))
        for input in RegressionTests.inputs {
            let bytes = [UInt8](try Data(contentsOf: input))
            switch TOMLDocument.parse(bytes) {
            case .success(let document):
                #expect(document.bytes == bytes)
                // The printer's output reads back to the same values (tables compare unordered).
                let again = try TOMLDocument(parsing: TOMLDocument.serialize(document.root))
                #expect(again.root.taggedJSONSorted == document.root.taggedJSONSorted, "\(input.lastPathComponent)")
            case .failure(let failure):
                #expect(!failure.diagnostics.isEmpty && failure.diagnostics.allSatisfy { $0.line >= 1 && $0.column >= 1 },
                        "\(input.lastPathComponent)")
            }
            try Data(bytes).write(to: URL(fileURLWithPath: scratch.sub("trackers/x.toml")))
            let store = try Store.load(from: DataDirectory(path: scratch.path).files)
            #expect(store.journal.trackers.count + (store.hasErrors ? 1 : 0) >= 1, "\(input.lastPathComponent): neither loaded nor rejected")
        }
    }

    @Test("the habit-fuzz replayer runs every regression input through both fuzz targets")
    func replayThroughFuzzer() throws {
        guard let replayer = BuiltProduct.path("habit-fuzz") else {
            withKnownIssue("habit-fuzz was not built next to the tests") { throw Failure("no habit-fuzz") }
            return
        }
        let scratch = try ScratchDirectory("replay")
        for target in ["parser", "loader"] {
            let outcome = try ChildProcess(replayer, RegressionTests.inputs.map(\.path),
                                    environment: ["HABIT_FUZZ_TARGET": target, "PATH": "/usr/bin:/bin"], scratch: scratch.path)
                .wait(timeout: 60)
            #expect(outcome.succeeded, "habit-fuzz (\(target)) failed: \(outcome.all.prefix(2000))")
            #expect(outcome.out.split(separator: "\n").count == RegressionTests.inputs.count, "\(outcome.out)")
        }
    }
}

extension TOMLTable {
    /// Tagged JSON with keys sorted at every level: equal for tables that differ only in key order.
    var taggedJSONSorted: String {
        "{" + sorted { $0.key < $1.key }.map { "\($0.key.debugDescription): \($0.value.taggedJSONSorted)" }.joined(separator: ", ") + "}"
    }
}

extension TOMLValue {
    var taggedJSONSorted: String {
        switch self {
        case .table(let table): table.taggedJSONSorted
        case .array(let elements): "[" + elements.map(\.taggedJSONSorted).joined(separator: ", ") + "]"
        default: taggedJSON
        }
    }
}
