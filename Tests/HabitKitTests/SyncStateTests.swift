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
}
