import HabitKit
import Testing

private let base = """
    name = "Read"
    category = "Study"
    schedule = "daily"

    [log]
    2026-11-02 = true

    """
private let changed = base.replacingOccurrences(of: "2026-11-02 = true", with: "2026-11-02 = true\n2026-11-03 = true")
private let reformatted = "# just a comment\n" + base

struct FileCase: CustomTestStringConvertible, Sendable {
    var name: String
    var base: String?
    var ours: String?
    var theirs: String?
    var expected: Expected
    var notes: [String] = []

    enum Expected: Equatable, Sendable {
        case write(String)
        case delete
        case conflictContaining(String)
    }

    var testDescription: String { name }
}

@Suite("Merging whole files")
struct MergeFileTests {
    static let cases: [FileCase] = [
        FileCase(
            name: "deleted on ours, modified on theirs: theirs is kept",
            base: base, ours: nil, theirs: changed, expected: .write(changed),
            notes: ["you deleted this file but the other machine changed it; kept the other machine's version so nothing is lost"]),
        FileCase(
            name: "modified on ours, deleted on theirs: ours is kept",
            base: base, ours: changed, theirs: nil, expected: .write(changed),
            notes: ["the other machine deleted this file but you changed it; kept your version so nothing is lost"]),
        FileCase(name: "deleted on ours, untouched on theirs", base: base, ours: nil, theirs: base, expected: .delete),
        FileCase(name: "untouched on ours, deleted on theirs", base: base, ours: base, theirs: nil, expected: .delete),
        FileCase(name: "deleted on ours, only reformatted on theirs", base: base, ours: nil, theirs: reformatted, expected: .delete),
        FileCase(name: "deleted on both sides", base: base, ours: nil, theirs: nil, expected: .delete),
        FileCase(name: "added on ours only", base: nil, ours: base, theirs: nil, expected: .write(base)),
        FileCase(name: "added on theirs only", base: nil, ours: nil, theirs: changed, expected: .write(changed)),
        FileCase(name: "identical on both sides", base: base, ours: changed, theirs: changed, expected: .write(changed)),
        FileCase(name: "untouched on ours", base: base, ours: base, theirs: changed, expected: .write(changed)),
        FileCase(name: "untouched on theirs", base: base, ours: changed, theirs: base, expected: .write(changed)),
        FileCase(
            name: "ours does not parse", base: base, ours: "name = \"again\"\n" + base, theirs: changed,
            expected: .conflictContaining("your version is not valid TOML")),
        FileCase(
            name: "theirs does not parse", base: base, ours: changed, theirs: "name = \n",
            expected: .conflictContaining("the other machine's version is not valid TOML (1:8:")),
        FileCase(
            name: "the base does not parse", base: "[[", ours: changed, theirs: reformatted,
            expected: .conflictContaining("the common ancestor's version is not valid TOML")),
    ]

    @Test(arguments: cases)
    func merges(_ example: FileCase) {
        let (outcome, notes) = mergeTexts("trackers/read.toml", base: example.base, ours: example.ours, theirs: example.theirs)
        switch (example.expected, outcome) {
        case (.write(let text), .write):
            #expect(writtenText(outcome) == text)
        case (.delete, .delete):
            break
        case (.conflictContaining(let part), .conflict(let reason)):
            #expect(reason.text.contains(part), "\(reason.text)")
            #expect(reason.text.contains("trackers/read.toml"))
        default:
            Issue.record("expected \(example.expected), got \(outcome)")
        }
        #expect(notes.map(\.message) == example.notes)
    }

    @Test(arguments: [
        ("habit.toml", true), ("trackers/run.toml", true), ("trackers/Морning-run.toml", true),
        ("trackers/.habit-tmp-1.toml", false), ("trackers/.toml", false), ("trackers/run.txt", false),
        ("trackers/sub/run.toml", false), ("other.toml", false), ("README.md", false), ("habit.toml.orig", false),
        ("./habit.toml", false), ("trackers/", false),
    ])
    func handles(_ path: String, _ expected: Bool) {
        #expect(DataFileMerge.handles(path) == expected)
    }

    @Test func otherFilesAreConflicts() {
        let (outcome, _) = mergeTexts("notes.txt", base: "a", ours: "b", theirs: "c")
        #expect(outcome == .conflict(.notADataFile(path: "notes.txt")))
    }

    @Test func resultIsDeterministic() {
        let ours = changed.replacingOccurrences(of: "Read", with: "Read books")
        let theirs = base.replacingOccurrences(of: "2026-11-02 = true", with: "2026-11-01 = \"skip\"\n2026-11-02 = true")
            .replacingOccurrences(of: "Read", with: "Reading")
        let first = mergeTexts(base: base, ours: ours, theirs: theirs)
        for _ in 0..<20 {
            let again = mergeTexts(base: base, ours: ours, theirs: theirs)
            #expect(again.0 == first.0)
            #expect(again.1 == first.1)
        }
    }
}
