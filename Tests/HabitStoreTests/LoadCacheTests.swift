import Foundation
import HabitCore
import Testing
@testable import HabitStore

@Suite struct LoadCacheTests {
    func load(_ scratch: ScratchData) throws -> Store {
        let store = try scratch.load()
        store.saveCache()
        return store
    }

    @Test func aCachedLoadEqualsAFullLoad() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        try scratch.write("trackers/read.toml", "name = \"Read\"\ncategory = \"Study\"\nkind = \"event\"\ncolor = \"#aabbcc\"\ngoal = \"3m\"\ndescription = \"a\\nb\"\n")
        let full = try scratch.load(cached: false).journal
        _ = try load(scratch)
        #expect(FileManager.default.fileExists(atPath: scratch.cache.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent(".habit-cache").path), "the data directory holds data only")
        let cached = try scratch.load()
        #expect(cached.pendingCache == nil, "nothing was parsed again")
        #expect(cached.journal == full)
    }

    /// Consecutive done days are kept as runs: runs, gaps, skips, slips and totals between them
    /// must come back as they were.
    @Test func runsOfDoneDaysComeBackDayByDay() throws {
        let scratch = try ScratchData()
        var log = "[log]\n"
        var day = CivilDate(year: 2020, month: 12, day: 25)!
        for index in 0..<400 {
            switch index % 37 {
            case 5: log += "\(day) = \"skip\"\n"
            case 6, 7: break
            case 20: log += "\(day) = 2.5\n"
            case 21: log += "\(day) = 0\n"
            default: log += "\(day) = true\n"
            }
            day = day.adding(days: 1)
        }
        try scratch.write("trackers/water.toml", "name = \"Water\"\ncategory = \"Health\"\nschedule = \"daily\"\ntarget = 2\n" + log)
        try scratch.write("trackers/smoke.toml", "name = \"Smoke\"\ncategory = \"Health\"\nquit = true\n[log]\n2026-01-01 = true\n2026-01-02 = \"slip\"\n2026-01-03 = true\n2026-01-04 = true\n")
        try scratch.write("trackers/one.toml", "name = \"One\"\ncategory = \"Health\"\nschedule = \"daily\"\n[log]\n1999-12-31 = true\n")
        let full = try scratch.load(cached: false).journal
        _ = try load(scratch)
        let cached = try scratch.load()
        #expect(cached.pendingCache == nil, "nothing was parsed again")
        #expect(cached.journal == full)
        #expect(cached.journal.tracker(id: "water")?.log.doneCount == full.tracker(id: "water")?.log.doneCount)
        #expect((cached.journal.tracker(id: "water")?.log.entries.count ?? 0) > 300)
    }

    @Test func aFoldersStampsAreEachFilesStamp() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        try scratch.write("trackers/b.toml", "x")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("trackers/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("trackers/link.toml").path,
                                                   withDestinationPath: "run.toml")
        let directory = SafeDirectory(root: scratch.url.path)
        let found = try directory.stamps(in: "trackers").get()
        #expect(found.map(\.name) == (try directory.list("trackers").get()))
        for (name, stamp) in found {
            #expect(stamp == directory.stamp("trackers/" + name), "\(name)")
        }
        #expect(found.first { $0.name == "run.toml" }?.stamp != nil)
        #expect(found.first { $0.name == "sub" }?.stamp == nil)
        #expect(found.first { $0.name == "link.toml" }?.stamp == nil, "a link is never followed")
    }

    /// The cache is replaced by removing the old file and renaming the new one into the free
    /// name (never a rename over it): a new file, the new bytes, no temporary left behind.
    @Test func theCacheIsReplacedAsANewFile() throws {
        let scratch = try ScratchData()
        let directory = SafeDirectory(root: scratch.url.path)
        try directory.write("trackers/data.cache", contents: Array("old".utf8), durable: false)
        let path = scratch.url.path + "/trackers/data.cache"
        var before = stat()
        #expect(stat(path, &before) == 0)
        try directory.stage("trackers/data.cache", contents: Array("new".utf8), durable: false).commitRemovingOld()
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_ino != before.st_ino)
        #expect(try directory.read("trackers/data.cache").get() == Array("new".utf8))
        #expect(try directory.list("trackers").get() == ["data.cache"])
    }

    @Test func aChangedFileIsReadAgain() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        _ = try load(scratch)
        try scratch.write("trackers/run.toml", handWritten.replacingOccurrences(of: "Morning run", with: "Evening run"))
        #expect(try scratch.load().journal.tracker(id: "run")?.name == "Evening run")
    }

    /// A small change (one `habit done`) used to leave the cache as it was until 256 KB had
    /// changed, so every later run parsed the changed file again.
    @Test func aChangedFileIsParsedOnceThenServedFromTheCache() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        try scratch.write("trackers/read.toml", "name = \"Read\"\ncategory = \"Study\"\nkind = \"event\"\n")
        _ = try load(scratch)
        try scratch.write("trackers/run.toml", handWritten.replacingOccurrences(of: "Morning run", with: "Evening run"))
        let first = try scratch.load()
        #expect(first.pendingCache?.entries.count == 2, "the parse of run.toml refreshes the cache")
        first.saveCache()
        let second = try scratch.load()
        #expect(second.pendingCache == nil, "nothing was parsed again")
        #expect(second.journal == (try scratch.load(cached: false).journal))
        #expect(second.journal.tracker(id: "run")?.name == "Evening run")
    }

    @Test func aFileThatBrokeIsReportedNotServedFromTheCache() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        _ = try load(scratch)
        try scratch.write("trackers/run.toml", handWritten + "oops = \n")
        let store = try scratch.load()
        #expect(store.journal.trackers.isEmpty)
        #expect(store.hasErrors)
    }

    @Test func aRemovedCategoryIsCheckedEvenForCachedTrackers() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        _ = try load(scratch)
        try scratch.write("habit.toml", "categories = [\"Study\"]\n")
        let store = try scratch.load()
        #expect(store.diagnostics.contains { $0.problem == .unknownCategory(name: "Health", existing: nil) })
    }

    @Test func aDamagedCacheIsIgnored() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        _ = try load(scratch)
        let path = URL(fileURLWithPath: scratch.cache.path)
        var bytes = try Data(contentsOf: path)
        bytes.replaceSubrange(20..<min(bytes.count, 60), with: Data(repeating: 0xFF, count: min(bytes.count, 60) - 20))
        try bytes.write(to: path)
        #expect(try scratch.load().journal.tracker(id: "run")?.log.doneCount == 2)
        try Data("garbage".utf8).write(to: path)
        #expect(try scratch.load().journal.tracker(id: "run")?.name == "Morning run")
    }

    @Test func editingACachedTrackerReadsItsFileFirst() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        _ = try load(scratch)
        let store = try scratch.load()
        try store.setMark(.done, on: CivilDate("2026-11-04")!, trackerID: "run")
        try scratch.commit(store)
        #expect(changedLines(handWritten, scratch.read("trackers/run.toml")).added == ["2026-11-04 = true"])
    }
}

@Suite struct UnchangedOnDiskTests {
    @Test func aStoreKnowsWhenTheDirectoryMovedOn() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        let store = try scratch.load()
        #expect(store.isUnchangedOnDisk)
        try scratch.write("trackers/run.toml", handWritten + "\n")
        #expect(!store.isUnchangedOnDisk, "a tracker file changed")

        let second = try scratch.load()
        try scratch.write("trackers/new.toml", "name = \"New\"\ncategory = \"Health\"\nschedule = \"daily\"\n")
        #expect(!second.isUnchangedOnDisk, "a tracker file appeared")

        let third = try scratch.load()
        try scratch.write("habit.toml", "categories = [\"Health\", \"Study\", \"Home\"]\n")
        #expect(!third.isUnchangedOnDisk, "the settings changed")

        let fourth = try scratch.load()
        try fourth.setMark(.done, on: CivilDate("2026-11-04")!, trackerID: "run")
        #expect(!fourth.isUnchangedOnDisk, "a store with changes is not a fresh snapshot")

        // A file that is not a tracker is reported by the load: one coming or going is a change too.
        let fifth = try scratch.load()
        try scratch.write("trackers/notes.txt", "shopping\n")
        #expect(!fifth.isUnchangedOnDisk, "a file that is not a tracker appeared")
        let sixth = try scratch.load()
        #expect(sixth.isUnchangedOnDisk)
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("trackers/notes.txt"))
        #expect(!sixth.isUnchangedOnDisk, "a file that is not a tracker went")
    }

    /// `habit serve` lets a change edit a copy while other requests read the original.
    @Test func aCopyChangesAloneAndKnowsTheDirectoryAsTheOriginalDoes() throws {
        let scratch = try ScratchData()
        try scratch.write("trackers/run.toml", handWritten)
        let original = try scratch.load()
        let copy = original.copy()
        #expect(copy.isUnchangedOnDisk)
        let day = CivilDate("2026-11-04")!
        try copy.setMark(.done, on: day, trackerID: "run")
        #expect(copy.journal.tracker(id: "run")?.log.mark(on: day) == .done)
        #expect(original.journal.tracker(id: "run")?.log.mark(on: day) == nil, "the copy's change reached the original")
        #expect(original.changes.isEmpty && original.isUnchangedOnDisk)
        #expect(!copy.isUnchangedOnDisk)
    }
}

@Suite struct CacheLocationTests {
    @Test func theCacheLivesInTheUsersCacheDirectoryKeyedByTheRealPath() throws {
        let directory = DataDirectory(path: "/tmp")
        let xdg = try #require(LoadCache.Location.resolve(for: directory, environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/me"]))
        #expect(xdg.path.hasPrefix("/x/cache/habit/") && xdg.path.hasSuffix(".cache"))
        let home = try #require(LoadCache.Location.resolve(for: directory, environment: ["HOME": "/home/me"]))
        #expect(home.path.hasPrefix("/home/me/.cache/habit/"))
        #expect(LoadCache.Location.resolve(for: directory, environment: [:]) == nil)
        let other = try #require(LoadCache.Location.resolve(for: DataDirectory(path: "/var"), environment: ["HOME": "/home/me"]))
        #expect(other.path != home.path, "each data directory has its own cache")
    }
}
