import Foundation
import HabitKit
import Testing
import TestSupport

/// `syncState`, the two questions of every page of `habit serve` at once, answers what
/// `hasRemote` and `offlineNote` answer one by one: no remote, a remote with nothing waiting, and
/// a change waiting for a sync.
@Suite struct SyncStateTests {
    static func expectSame(_ habits: Habits, hasRemote: Bool, waiting: Int?, sourceLocation: SourceLocation = #_sourceLocation) {
        let state = habits.syncState()
        #expect(state.hasRemote == hasRemote && habits.hasRemote() == hasRemote, sourceLocation: sourceLocation)
        #expect(state.offlineNote?.count == waiting && habits.offlineNote()?.count == waiting, sourceLocation: sourceLocation)
        #expect(state.offlineNote?.reason == nil, sourceLocation: sourceLocation)
    }

    /// Habits whose every commit is on a bare `origin`, fetched back.
    static func pushedToABareRemote() throws -> ScratchHabits {
        let scratch = try ScratchHabits()
        let remote = scratch.scratch.sub("remote.git")
        _ = try GitCommandLine.run(["init", "-q", "--bare", remote], in: scratch.scratch.path)
        try scratch.habits.setRemote(remote)
        _ = try scratch.git("push", "-q", "origin", "HEAD")
        _ = try scratch.git("fetch", "-q", "origin")
        return scratch
    }

    @Test func answersAsHasRemoteAndOfflineNoteDo() throws {
        let scratch = try ScratchHabits()
        Self.expectSame(scratch.habits, hasRemote: false, waiting: nil)

        let remote = scratch.scratch.sub("remote.git")
        _ = try GitCommandLine.run(["init", "-q", "--bare", remote], in: scratch.scratch.path)
        try scratch.habits.setRemote(remote)
        // A remote named, nothing pushed yet: every commit waits.
        Self.expectSame(scratch.habits, hasRemote: true, waiting: try scratch.commitCount())

        _ = try scratch.git("push", "-q", "origin", "HEAD")
        _ = try scratch.git("fetch", "-q", "origin")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)

        try scratch.habits.addCategory("Reading")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: 1)
    }

    /// The kept answer follows what git beside us does to the refs it was read from, each seen at
    /// the very next look: a commit by `git`, a fetch, refs packed, the remote branch moved by
    /// hand, a switch to a branch in a folder of its own, the remote removed from the config.
    @Test func followsGitBesideUs() throws {
        let scratch = try Self.pushedToABareRemote()
        // Looked at twice, so the second answer comes from the watch.
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)

        try "note\n".write(toFile: scratch.path + "/NOTES.md", atomically: false, encoding: .utf8)
        _ = try scratch.git("add", "NOTES.md")
        _ = try scratch.git("-c", "user.name=T", "-c", "user.email=t@example.com", "commit", "-q", "-m", "Notes")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: 1)
        Self.expectSame(scratch.habits, hasRemote: true, waiting: 1)

        _ = try scratch.git("pack-refs", "--all", "--prune")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: 1)
        _ = try scratch.git("update-ref", "refs/remotes/origin/" + (try scratch.git("branch", "--show-current")), "HEAD")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)

        _ = try scratch.git("switch", "-q", "-c", "topic/long")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: try scratch.commitCount())
        Self.expectSame(scratch.habits, hasRemote: true, waiting: try scratch.commitCount())
        _ = try scratch.git("update-ref", "refs/remotes/origin/topic/long", "HEAD")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)

        _ = try scratch.git("remote", "remove", "origin")
        Self.expectSame(scratch.habits, hasRemote: false, waiting: nil)
    }

    /// After a change made here the count goes on from the kept one; a HEAD that was behind the
    /// remote branch and moves along it is not counted on from: nothing waits there.
    @Test func countsOnFromTheKeptHead() throws {
        let scratch = try Self.pushedToABareRemote()
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)
        for (index, name) in ["Reading", "Sport", "Garden"].enumerated() {
            try scratch.habits.addCategory(name)
            Self.expectSame(scratch.habits, hasRemote: true, waiting: index + 1)
        }

        // All three on the remote, then HEAD moved back behind it and forward one commit along it.
        _ = try scratch.git("push", "-q", "origin", "HEAD")
        _ = try scratch.git("fetch", "-q", "origin")
        _ = try scratch.git("reset", "-q", "--hard", "HEAD~3")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)
        _ = try scratch.git("reset", "-q", "--hard", "HEAD@{1}~2")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: nil)
        try scratch.habits.addCategory("Music")
        Self.expectSame(scratch.habits, hasRemote: true, waiting: 1)
    }
}
