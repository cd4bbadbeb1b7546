import Foundation
import HabitCore
import HabitKit
@testable import HabitStore
import Testing
import TestSupport

/// A change rewrites the load cache's entry of each file it wrote, so the next command reads the
/// file from the cache instead of parsing it again; the entry must be what a fresh load decodes.
@Suite struct CacheAfterChangeTests {
    let scratch: ScratchDirectory
    let habits: Habits
    let cache: LoadCache.Location
    var path: String { scratch.sub("data") }
    static let today = CivilDate("2026-11-22")!

    init() throws {
        scratch = try ScratchDirectory("cache-after-change")
        try FileManager.default.copyItem(atPath: ScratchHabits.examples, toPath: scratch.sub("data"))
        try writeFile("name = \"Water\"\ncategory = \"Health\"\nschedule = \"daily\"\ntarget = 2\nunit = \"l\"\nstart = 2026-11-01\n\n[log]\n2026-11-01 = 1.5\n",
                      to: scratch.sub("data/trackers/water.toml"))
        let directory = DataDirectory(path: scratch.sub("data"))
        cache = try #require(LoadCache.Location.resolve(for: directory, environment: ["XDG_CACHE_HOME": scratch.sub("cache")]))
        habits = Habits(directory: directory, cache: cache, clock: { 1_795_000_000 })
        #expect(try habits.enableHistory())
        try habits.read().saveCache()
    }

    /// What the CLI does: load (the preview), change reusing it, then save its cache.
    func change(_ body: (Store) throws -> Void) throws {
        let preview = try habits.read()
        try body(preview)
        preview.saveCache()
    }

    func expectCacheMatchesAFreshLoad(_ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cached = try Store.load(from: SafeDirectory(root: path), cache: cache)
        #expect(cached.pendingCache == nil, "\(what): nothing was parsed again", sourceLocation: sourceLocation)
        let full = try Store.load(from: SafeDirectory(root: path), cache: nil)
        #expect(cached.journal == full.journal, "\(what): the cached trackers are the decoded ones", sourceLocation: sourceLocation)
        #expect(try GitCommandLine.run(["status", "--porcelain"], in: path).isEmpty, sourceLocation: sourceLocation)
    }

    @Test func dayEditsKeepTheirTrackerInTheCache() throws {
        let day = Self.today
        try change { try habits.mark(.done, "drink-water", on: day, today: day, reusing: $0) }
        try expectCacheMatchesAFreshLoad("done")
        try change { try habits.mark(nil, "drink-water", on: day, today: day, reusing: $0) }
        try expectCacheMatchesAFreshLoad("undone")
        try change { try habits.mark(.skipped, "drink-water", on: day.adding(days: -1), today: day, note: "ill", reusing: $0) }
        try expectCacheMatchesAFreshLoad("skip with a note")
        try change { try habits.mark(.done, "water", on: day, today: day, amount: .add(0.75), reusing: $0) }
        try expectCacheMatchesAFreshLoad("an amount")
        try change { try habits.mark(.done, "water", on: day, today: day, amount: .set(2), note: "hot", reusing: $0) }
        try expectCacheMatchesAFreshLoad("a total and a note")
        try change { try habits.mark(.done, "drink-water", from: day.adding(days: -5), to: day, today: day, reusing: $0) }
        try expectCacheMatchesAFreshLoad("a range")
        #expect(try habits.read().journal.tracker(id: "water")?.log.amount(on: day) == 2)
    }

    @Test func otherEditsLeaveTheCache() throws {
        try change { try habits.editTracker("drink-water", TrackerChanges(name: "Drink more water"), reusing: $0) }
        let cached = try Store.load(from: SafeDirectory(root: path), cache: cache)
        #expect(cached.pendingCache != nil, "the renamed tracker's file was parsed")
        #expect(cached.journal == (try Store.load(from: SafeDirectory(root: path), cache: nil)).journal)
    }

    /// A tracker taken from the cache is trusted for an edit only while its file keeps the stamp
    /// it had at the load: a file changed since is decoded again.
    @Test func aFileChangedSinceTheLoadIsDecodedAgain() throws {
        let store = try habits.read()
        let file = path + "/trackers/drink-water.toml"
        try writeFile(readFile(file).replacingOccurrences(of: "name = \"Drink water\"", with: "name = \"Drink tea\""), to: file)
        try store.setDay(.done, note: nil, on: Self.today, trackerID: "drink-water")
        #expect(store.journal.tracker(id: "drink-water")?.name == "Drink tea")
    }

    /// A tracker read from the cache is edited with its file's document, and its next load finds
    /// the cache up to date, also without git.
    @Test func withoutHistoryToo() throws {
        let plain = try ScratchDirectory("cache-after-change-plain")
        try FileManager.default.copyItem(atPath: ScratchHabits.examples, toPath: plain.sub("data"))
        let directory = DataDirectory(path: plain.sub("data"))
        let location = try #require(LoadCache.Location.resolve(for: directory, environment: ["XDG_CACHE_HOME": plain.sub("cache")]))
        let habits = Habits(directory: directory, cache: location, clock: { 1_795_000_000 })
        try habits.read().saveCache()
        let preview = try habits.read()
        try habits.mark(.done, "drink-water", on: Self.today, today: Self.today, reusing: preview)
        preview.saveCache()
        let cached = try Store.load(from: SafeDirectory(root: plain.sub("data")), cache: location)
        #expect(cached.pendingCache == nil)
        #expect(cached.journal == (try Store.load(from: SafeDirectory(root: plain.sub("data")), cache: nil)).journal)
        #expect(cached.journal.tracker(id: "drink-water")?.log.mark(on: Self.today) == .done)
    }
}
