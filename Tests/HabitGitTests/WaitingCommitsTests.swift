import Foundation
import Testing
import HabitGit
import TestSupport

/// The offline note's count without libgit2 (`WaitingCommits`) is libgit2's `aheadBehind`, and
/// every case it cannot count says so.
@Suite("Commits waiting for a sync, counted without libgit2")
struct WaitingCommitsTests {
    /// A data repository pushed to a bare remote, then `local` more commits made here.
    static func repository(in dir: ScratchDirectory, local: Int) throws -> (path: String, head: String, upstream: String) {
        let path = try DataRepository.make(in: dir)
        let remote = dir.sub("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", remote], in: dir.path)
        try git(["remote", "add", "origin", remote], in: path)
        try git(["push", "-q", "-u", "origin", "main"], in: path)
        for index in 0..<local {
            try writeFile("name = \"Read\"\n# \(index)\n", to: path + "/trackers/read.toml")
            try git(["commit", "-q", "-am", "change \(index)"], in: path)
        }
        return (path, try Self.id("HEAD", in: path), try Self.id("refs/remotes/origin/main", in: path))
    }

    static func id(_ name: String, in path: String) throws -> String {
        try git(["rev-parse", name], in: path).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func libgit2Count(_ path: String, head: String, upstream: String) throws -> Int {
        let repository = try Repository.open(at: path)
        return try repository.aheadBehind(local: #require(CommitID(hex: head)), upstream: #require(CommitID(hex: upstream))).ahead
    }

    @Test("a line of loose commits since the last push: the count libgit2 gives, and the last sync's error")
    func lineOfCommits() throws {
        let dir = try gitScratch()
        for local in [0, 1, 3] {
            let sub = try ScratchDirectory("waiting\(local)")
            let (path, head, upstream) = try Self.repository(in: sub, local: local)
            let answer = WaitingCommits.count(workingDirectory: path, head: head, upstream: upstream)
            #expect(answer == .waiting(count: try Self.libgit2Count(path, head: head, upstream: upstream), reason: nil))
            #expect(answer == .waiting(count: local, reason: nil))
        }
        let (path, head, upstream) = try Self.repository(in: dir, local: 2)
        try git(["config", "habit.lastsyncerror", "unreachable \"origin\""], in: path)
        #expect(WaitingCommits.count(workingDirectory: path, head: head, upstream: upstream) == .waiting(count: 2, reason: "unreachable \"origin\""))
    }

    @Test("counted on from a commit whose count is known: the walk stops there")
    func countedOn() throws {
        let dir = try gitScratch()
        let (path, head, upstream) = try Self.repository(in: dir, local: 3)
        let parent = try Self.id("HEAD~1", in: path)
        #expect(WaitingCommits.count(workingDirectory: path, head: head, upstream: upstream,
                                     since: (parent, count: 2)) == .waiting(count: 3, reason: nil))
        // A count that only the stop can give: the walk did not go on to the remote branch.
        #expect(WaitingCommits.count(workingDirectory: path, head: head, upstream: upstream,
                                     since: (parent, count: 40)) == .waiting(count: 41, reason: nil))
        #expect(WaitingCommits.count(workingDirectory: path, head: head, upstream: upstream,
                                     since: (head, count: 7)) == .waiting(count: 7, reason: nil))
        // A commit not on the line changes nothing.
        #expect(WaitingCommits.count(workingDirectory: path, head: head, upstream: upstream,
                                     since: (String(repeating: "ab", count: 20), count: 40)) == .waiting(count: 3, reason: nil))

        // Older commits packed: only the count kept for the head's parent can tell without libgit2.
        try git(["gc", "-q"], in: path)
        try writeFile("name = \"Read\"\n# after\n", to: path + "/trackers/read.toml")
        try git(["commit", "-q", "-am", "after"], in: path)
        let newHead = try Self.id("HEAD", in: path)
        #expect(WaitingCommits.count(workingDirectory: path, head: newHead, upstream: upstream) == .unknown)
        #expect(WaitingCommits.count(workingDirectory: path, head: newHead, upstream: upstream,
                                     since: (head, count: 3)) == .waiting(count: try Self.libgit2Count(path, head: newHead, upstream: upstream), reason: nil))
    }

    @Test("a merge on the way, packed commits, a remote configured elsewhere: left to libgit2")
    func unknown() throws {
        let dir = try gitScratch()
        let (path, _, upstream) = try Self.repository(in: dir, local: 1)
        try git(["checkout", "-q", "-b", "side", "HEAD~1"], in: path)
        try writeFile("x = 9\n", to: path + "/notes/deep/day.toml")
        try git(["commit", "-q", "-am", "side"], in: path)
        try git(["checkout", "-q", "main"], in: path)
        try git(["merge", "-q", "--no-edit", "side"], in: path)
        let merged = try Self.id("HEAD", in: path)
        #expect(WaitingCommits.count(workingDirectory: path, head: merged, upstream: upstream) == .unknown)
        #expect(try Self.libgit2Count(path, head: merged, upstream: upstream) == 3)

        let other = try ScratchDirectory("waiting-packed")
        let (packed, head, packedUpstream) = try Self.repository(in: other, local: 2)
        try git(["gc", "-q"], in: packed)
        #expect(WaitingCommits.count(workingDirectory: packed, head: head, upstream: packedUpstream) == .unknown)
        try git(["config", "--unset", "remote.origin.url"], in: packed)
        #expect(WaitingCommits.count(workingDirectory: packed, head: head, upstream: packedUpstream) == .unknown)
    }
}
