import Foundation
import HabitCore
import Testing
import TOML
import TestSupport
@testable import HabitStore

/// A scratch data directory on disk.
final class ScratchData {
    let scratch: ScratchDirectory
    var url: URL { scratch.url }
    var directory: DataDirectory { DataDirectory(path: url.path) }

    init(settings: String = "categories = [\"Health\", \"Study\"]\n") throws {
        scratch = try ScratchDirectory("store")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("trackers"), withIntermediateDirectories: true)
        try write("habit.toml", settings)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: url.appendingPathComponent(path))
    }

    func read(_ path: String) -> String {
        (try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// The load cache of this directory, beside it in the scratch folder.
    var cache: LoadCache.Location { LoadCache.Location(path: scratch.path + "-cache/data.cache", dataDirectory: url.path) }

    func load(cached: Bool = true) throws -> Store {
        try Store.load(from: directory.files, cache: cached ? cache : nil)
    }

    /// Writes one tracker file, loads the directory without the cache and returns that tracker;
    /// a diagnostic of any file fails the test.
    func loadTracker(_ id: String, _ text: String) throws -> Tracker {
        try write("trackers/\(id).toml", text)
        let store = try load(cached: false)
        #expect(store.diagnostics.isEmpty)
        return try #require(store.journal.tracker(id: id))
    }

    /// A tracker `T` in Health whose file goes on with `body` (from its third line) reports exactly
    /// `problem`, at a line and column of the body.
    func expectOnly(_ problem: DiagnosticProblem, inTrackerBody body: String) throws {
        try write("trackers/t.toml", "name = \"T\"\ncategory = \"Health\"\n" + body + "\n")
        let diagnostics = try load(cached: false).diagnostics
        #expect(diagnostics.map(\.problem) == [problem])
        #expect(diagnostics.allSatisfy { $0.line >= 3 && $0.column >= 1 }, "pointed at file:line:column")
    }

    /// Writes what a store changed, as a use case would without git.
    func commit(_ store: Store) throws {
        for (path, bytes) in store.changes {
            if let bytes { try directory.files.write(path, contents: bytes) } else { try directory.files.remove(path) }
        }
    }

    func names(in folder: String = "trackers") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(folder).path)) ?? []).sorted()
    }
}

let handWritten = """
    # Running: three times a week
    name    = "Morning run"     # aligned by hand
    category = "Health"
    schedule = [ "mon", "wed",   "fri" ]
    emoji = "🏃"
    start = 2026-11-01

    # the log, one line per day
    [log]
    2026-11-02 = true   # felt great
    2026-11-06 = true

    2026-11-09 = "skip" # sick

    """

func changedLines(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
    let old = before.components(separatedBy: "\n")
    let new = after.components(separatedBy: "\n")
    var prefix = 0
    while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return (Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]))
}

@Suite struct MinimalEditTests {
    @Test func addingALogLineAddsExactlyThatLine() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        let store = try scratch.load()
        #expect(store.diagnostics.isEmpty)
        try store.setMark(.done, on: CivilDate("2026-11-04")!, trackerID: "run")
        try scratch.commit(store)
        let diff = changedLines(handWritten, scratch.read("trackers/run.toml"))
        #expect(diff.removed == [])
        #expect(diff.added == ["2026-11-04 = true"])
        #expect(scratch.read("trackers/run.toml").contains("2026-11-02 = true   # felt great\n2026-11-04 = true\n2026-11-06 = true"))
    }

    @Test func settingOneValueChangesExactlyOneLine() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        let store = try scratch.load()
        try store.updateTracker("run", with: TrackerChanges(name: "Evening run"))
        try scratch.commit(store)
        let diff = changedLines(handWritten, scratch.read("trackers/run.toml"))
        #expect(diff.removed == [#"name    = "Morning run"     # aligned by hand"#])
        #expect(diff.added == [#"name    = "Evening run"     # aligned by hand"#])
    }

    @Test func removingAMarkRemovesOnlyItsLine() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        let store = try scratch.load()
        try store.setMark(nil, on: CivilDate("2026-11-09")!, trackerID: "run")
        try scratch.commit(store)
        let diff = changedLines(handWritten, scratch.read("trackers/run.toml"))
        #expect(diff.removed == [#"2026-11-09 = "skip" # sick"#])
        #expect(diff.added == [])
    }

    @Test func crlfFilesStayCRLF() throws {
        let scratch = try ScratchData()
        let crlf = handWritten.replacingOccurrences(of: "\n", with: "\r\n")
        try scratch.write("trackers/run.toml", crlf)
        let store = try scratch.load()
        try store.setMark(.done, on: CivilDate("2026-11-11")!, trackerID: "run")
        try scratch.commit(store)
        let after = scratch.read("trackers/run.toml")
        #expect(after == crlf.replacingOccurrences(of: "\"skip\" # sick\r\n", with: "\"skip\" # sick\r\n2026-11-11 = true\r\n"))
    }

    @Test func aNewTrackerIsValidAndReadable() throws {
        let scratch = try ScratchData()
        let store = try scratch.load()
        var log = CompletionLog()
        log.set(.done, on: CivilDate("2026-11-02")!)
        let id = try store.createTracker(Tracker(
            id: "", name: "Read \"books\"", category: "Study", schedule: .weekly(WeekdaySet([.monday, .friday])),
            emoji: "📚", color: .palette(.purple), start: CivilDate("2026-11-01")!, goal: Goal("8w"), log: log))
        try scratch.commit(store)
        #expect(id == "read-books")
        let reloaded = try scratch.load()
        #expect(reloaded.diagnostics.isEmpty)
        let tracker = try #require(reloaded.journal.tracker(id: id))
        #expect(tracker.name == "Read \"books\"")
        #expect(tracker.schedule == .weekly(WeekdaySet([.monday, .friday])))
        #expect(tracker.log.isDone(on: CivilDate("2026-11-02")!))
        #expect(tracker.goal == Goal("8w"))
    }

    @Test func categoryRenameEditsTheArrayElementOnly() throws {
        let scratch = try ScratchData(settings: "# mine\ncategories = [\"Health\",  \"Study\"]  # order matters\nweek_starts_on = \"sun\"\n")
        let store = try scratch.load()
        try store.renameCategory("Study", to: "Learning")
        try scratch.commit(store)
        #expect(scratch.read("habit.toml") == "# mine\ncategories = [\"Health\",  \"Learning\"]  # order matters\nweek_starts_on = \"sun\"\n")
        try store.addCategory("Home")
        try scratch.commit(store)
        #expect(scratch.read("habit.toml").contains("[\"Health\",  \"Learning\",  \"Home\"]"), "the new element copies its neighbours' spacing")
    }
}

@Suite struct LoadingTests {
    @Test func reportsProblemsWithFileLineAndColumn() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/a.toml", "name = \"A\"\ncategory = \"Nope\"\nschedule = [\"mon\", \"funday\"]\n")
        try scratch.write("trackers/b.toml", "name = \"B\"\ncategory = \"Health\"\nschedule = \"daily\"\ncolor = \"mauve\"\n")
        try scratch.write("trackers/c.toml", "name = \"b\"\ncategory = \"Health\"\nkind = \"event\"\n")
        let store = try scratch.load()
        let found = store.diagnostics.map { ($0.location, $0.problem) }
        #expect(found.contains { $0 == ("trackers/a.toml:2:12", .unknownCategory(name: "Nope", existing: nil)) })
        #expect(found.contains { $0 == ("trackers/a.toml:3:20", .notAWeekday) })
        #expect(found.contains { $0 == ("trackers/b.toml:4:9", .unknownColor("mauve")) })
        #expect(found.contains { $0 == ("trackers/c.toml:1:8", .nameTaken(name: "b", otherFile: "trackers/b.toml")) })
    }

    @Test func neitherFollowsSymlinksNorReadsStrangers() throws {
        let scratch = try ScratchData()
        let outside = scratch.url.appendingPathComponent("outside.toml")
        try Data("name = \"X\"\ncategory = \"Health\"\nschedule = \"daily\"\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: scratch.url.appendingPathComponent("trackers/link.toml"), withDestinationURL: outside)
        try scratch.write("trackers/notes.md", "# notes")
        try scratch.write("trackers/.hidden.toml", "garbage = ")
        let store = try scratch.load()
        #expect(store.journal.trackers.isEmpty)
        #expect(store.diagnostics.contains { $0.file == "trackers/link.toml" && $0.problem == .unreadable(.symbolicLink("trackers/link.toml")) })
        #expect(store.diagnostics.contains { $0.file == "trackers/notes.md" && $0.severity == .warning })
        #expect(!store.diagnostics.contains { $0.file.contains("hidden") })
    }

    @Test func refusesToEditABrokenFile() throws {
        let scratch = try ScratchData()
        let broken = "name = \"Run\"\ncategory = \"Health\"\nschedule = \"daily\"\nstart = 2026-02-30\n"
        try scratch.write("trackers/run.toml", broken)
        let store = try scratch.load()
        #expect(store.hasErrors)
        #expect(throws: StoreError.self) { try store.setMark(.done, on: CivilDate("2026-11-02")!, trackerID: "run") }
        #expect(scratch.read("trackers/run.toml") == broken)
    }

    @Test func missingSettingsMeansNotInitialized() throws {
        let scratch = try ScratchData()
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("habit.toml"))
        #expect(throws: StoreError.notInitialized(directory: scratch.url.path)) { try scratch.load() }
    }
}

@Suite struct AtomicityTests {
    @Test func writesLeaveNoTemporaryFiles() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        let store = try scratch.load()
        for day in 10...28 { try store.setMark(.done, on: CivilDate("2026-11-\(day)")!, trackerID: "run") }
        try scratch.commit(store)
        #expect(scratch.names() == ["run.toml"])
        #expect(try scratch.load().journal.tracker(id: "run")?.log.doneCount == 21)
    }

    @Test func theLockNamesItsHolderAndTimesOut() throws {
        let scratch = try ScratchData()
        let location = lockLocation(scratch)
        let held = try DirectoryLock(location: location, directory: scratch.url.path, description: "habit done run")
        var waited: String?
        #expect(throws: StoreError.self) {
            _ = try DirectoryLock(location: location, directory: scratch.url.path, timeout: 0.6, description: "second") { waited = $0 }
        }
        #expect(waited?.contains("habit done run") == true)
        #expect(waited?.contains("pid \(getpid())") == true)
        withExtendedLifetime(held) {}
    }

    @Test func theLockIsFreeOnceReleased() throws {
        let scratch = try ScratchData()
        let location = lockLocation(scratch)
        do { _ = try DirectoryLock(location: location, directory: scratch.url.path, description: "first") }
        _ = try DirectoryLock(location: location, directory: scratch.url.path, timeout: 0.1, description: "second")
    }

    @Test func aRepositoryLocksInItsGitDirectory() throws {
        let scratch = try ScratchData()
        try FileManager.default.createDirectory(atPath: scratch.url.path + "/.git", withIntermediateDirectories: true)
        let location = DirectoryLock.Location.resolve(for: DataDirectory(path: scratch.url.path), stateFolder: "/nowhere")
        #expect(location.path == scratch.url.path + "/.git/habit-lock")
        #expect(location.legacyPath == scratch.url.path + "/.habit.lock")
    }

    @Test func aLinkedWorktreeLocksInTheGitDirectoryItsFileNames() throws {
        let scratch = try ScratchData()
        try "gitdir: ../main/.git/worktrees/data\n".write(toFile: scratch.url.path + "/.git", atomically: true, encoding: .utf8)
        let location = DirectoryLock.Location.resolve(for: DataDirectory(path: scratch.url.path), stateFolder: "/nowhere")
        #expect(location.path == scratch.url.path + "/../main/.git/worktrees/data/habit-lock")
    }

    @Test func aPlainDirectoryLocksInTheStateFolderUnderItsKey() throws {
        let scratch = try ScratchData()
        let state = scratch.url.path + "/state"
        let location = DirectoryLock.Location.resolve(for: DataDirectory(path: scratch.url.path), stateFolder: state)
        let key = DataDirectory.key(ofRealPath: DataDirectory(path: scratch.url.path).realPath)
        #expect(location.path == state + "/locks/" + key + ".lock")
        do { _ = try DirectoryLock(location: location, directory: scratch.url.path, description: "first") }
        #expect(FileManager.default.fileExists(atPath: location.path), "the state folder is made when missing")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.path + "/.habit.lock"), "the legacy file is never created")
    }

    @Test func anOlderReleasesLockIsTakenToo() throws {
        let scratch = try ScratchData()
        let location = lockLocation(scratch)
        // An older habit holds only `.habit.lock` in the data directory.
        let legacy = open(scratch.url.path + "/.habit.lock", O_RDWR | O_CREAT, 0o644)
        defer { close(legacy) }
        #expect(flock(legacy, LOCK_EX) == 0)
        _ = "pid 7: habit sync\n".withCString { write(legacy, $0, strlen($0)) }
        var waited: String?
        #expect(throws: StoreError.self) {
            _ = try DirectoryLock(location: location, directory: scratch.url.path, timeout: 0.6, description: "new") { waited = $0 }
        }
        #expect(waited == "pid 7: habit sync")
        // The new lock was given back when the old one could not be had.
        _ = try DirectoryLock(location: DirectoryLock.Location(path: location.path, legacyPath: nil), directory: scratch.url.path,
                              timeout: 0.1, description: "after")
        flock(legacy, LOCK_UN)
        _ = try DirectoryLock(location: location, directory: scratch.url.path, timeout: 0.1, description: "now")
    }

    private func lockLocation(_ scratch: ScratchData) -> DirectoryLock.Location {
        DirectoryLock.Location.resolve(for: DataDirectory(path: scratch.url.path), stateFolder: scratch.url.path + "/state")
    }
}
