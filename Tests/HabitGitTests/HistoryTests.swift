import Foundation
import Testing
@testable import HabitGit
import TestSupport

@Suite("History and reading")
struct HistoryTests {
    @Test("log lists commits newest first, with changed paths, a limit and a path filter")
    func logWithPathFilter() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir, files: ["a.toml": "1", "habits/b.toml": "1"])
        try writeFile("2", to: path + "/a.toml")
        try repository.commit(message: "Change a")
        try writeFile("2", to: path + "/habits/b.toml")
        try writeFile("1", to: path + "/habits/c.toml")
        try repository.commit(message: "Change b, add c\n\nLonger body.", author: Signature(name: "Bo", email: "bo@example.com", time: GitTime(secondsSinceEpoch: 1_700_000_000, offsetMinutes: 120)))

        let all = try repository.log()
        #expect(all.map(\.summary) == ["Change b, add c", "Change a", "Initial"])
        #expect(all[0].message == "Change b, add c\n\nLonger body.\n")
        #expect(all[0].changedPaths == ["habits/b.toml", "habits/c.toml"])
        #expect(all[0].authorName == "Bo")
        #expect(all[0].time == GitTime(secondsSinceEpoch: 1_700_000_000, offsetMinutes: 120))
        #expect(all[2].changedPaths == ["a.toml", "habits/b.toml"])
        #expect(all[2].parentIDs.isEmpty && all[0].parentIDs == [all[1].id])
        #expect(try git(["log", "--format=%H"], in: path) == all.map { $0.id.hex + "\n" }.joined())

        #expect(try repository.log(limit: 1).map(\.summary) == ["Change b, add c"])
        #expect(try repository.log(touchingPath: "a.toml").map(\.summary) == ["Change a", "Initial"])
        #expect(try repository.log(touchingPath: "habits/").map(\.summary) == ["Change b, add c", "Initial"])
        #expect(try repository.log(touchingPath: "habits/c.toml").map(\.summary) == ["Change b, add c"])
        #expect(try repository.log(touchingPath: "missing.toml").isEmpty)
        #expect(try Repository.create(at: dir.sub("empty")).log().isEmpty)
    }

    @Test("a limited log is fast on 10,000 commits")
    func logIsFastOnLongHistory() throws {
        let dir = try gitScratch()
        let path = dir.sub("long")
        try git(["init", "-q", "-b", "main", path], in: dir.path)
        // fast-import builds 10,000 commits in well under a second.
        var stream = ""
        for i in 1...10_000 {
            let file = i % 100 == 0 ? "rare.toml" : "busy.toml"
            let content = "n = \(i)\n"
            stream += "commit refs/heads/main\ncommitter T <t@e> \(1_600_000_000 + i) +0000\ndata \(("c\(i)").utf8.count)\nc\(i)\n"
            stream += "M 100644 inline \(file)\ndata \(content.utf8.count)\n\(content)\n"
        }
        try git(["fast-import", "--quiet"], in: path, input: stream)
        let repository = try Repository.open(at: path)

        let clock = ContinuousClock()
        var recent: [CommitInfo] = []
        var rare: [CommitInfo] = []
        let elapsed = try clock.measure {
            recent = try repository.log(limit: 20)
            rare = try repository.log(limit: 5, touchingPath: "rare.toml")
        }
        #expect(recent.count == 20 && recent[0].summary == "c10000")
        #expect(rare.map(\.summary) == ["c10000", "c9900", "c9800", "c9700", "c9600"])
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
    }

    @Test("file contents, file lists, merge base and ahead/behind")
    func readingCommits() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir, files: ["a.toml": "one", "d/b.toml": "two"])
        let base = try #require(try repository.headCommitID())
        #expect(try repository.data(atPath: "a.toml", in: base) == bytes("one"))
        #expect(try repository.data(atPath: "d/b.toml", in: base) == bytes("two"))
        #expect(try repository.data(atPath: "d", in: base) == nil, "a directory is not a file")
        #expect(try repository.data(atPath: "nope", in: base) == nil)
        #expect(try repository.files(in: base).keys.sorted() == ["a.toml", "d/b.toml"])

        try git(["checkout", "-q", "-b", "side"], in: path)
        try writeFile("side", to: path + "/s.toml")
        let side = try #require(try repository.commit(message: "side"))
        try git(["checkout", "-q", "main"], in: path)
        try writeFile("m1", to: path + "/m.toml")
        try repository.commit(message: "m1")
        try writeFile("m2", to: path + "/m.toml")
        let main = try #require(try repository.commit(message: "m2"))
        #expect(try repository.currentBranch() == "main")
        #expect(try repository.mergeBase(main, side) == base)
        #expect(try repository.aheadBehind(local: main, upstream: side) == (2, 1))
        #expect(try repository.isAncestor(base, of: main))
        #expect(try !repository.isAncestor(side, of: main))
        #expect(try repository.changes(from: base, to: main) == [FileChange(path: "m.toml", kind: .added)])
        #expect(try repository.commitID(forReference: "side") == side)
        #expect(try repository.commitID(forReference: "refs/heads/main") == main)
        #expect(try repository.commitID(forReference: "nope") == nil)
    }
}
