import Foundation
@testable import HabitGit
@testable import HabitKit
import HabitStore
import Testing
import TestSupport

/// A `git commit` beside habit, its steps placed between habit's own: `git commit` reads the
/// branch, then the index, and only then takes the index's lock; without a path or `-a` it
/// commits the index it read on the branch it read. (`twentyWriters` once lost a change this way
/// under load: acknowledged, in the file, not in HEAD.)
@Suite("A git commit between habit's steps", .serialized)
struct GitNeighbourStepsTests {
    static let path = "trackers/read.toml"

    /// A world whose index is the one `git commit` leaves, and a change of read.toml made into a
    /// commit habit is about to advance to.
    struct Prepared {
        let world: GitNeighbourTests.World
        let repository: Repository
        let files: SafeDirectory
        let before: [UInt8]
        let changed: [UInt8]
        let head: CommitID?
        let commit: CommitID

        init(_ name: String) throws {
            world = try GitNeighbourTests.World(name)
            try world.git("commit", "-q", "--allow-empty", "-m", "by git")
            repository = try Repository.open(at: world.data)
            files = SafeDirectory(root: world.data)
            before = try files.read(GitNeighbourStepsTests.path).get()
            changed = before + Array("# between steps\n".utf8)
            head = try repository.headCommitID()
            commit = try repository.makeCommit(base: head, changes: [GitNeighbourStepsTests.path: .write(changed, executable: false)],
                                               parents: head.map { [$0] } ?? [], message: "done: Read 2026-10-20")
        }

        func advance(observing observer: ((String) -> Void)? = nil) throws {
            var advance = Advance(repository: repository, files: files)
            advance.stepObserver = observer
            let staged = try advance.stage([GitNeighbourStepsTests.path: FileContents(bytes: changed)])
            try advance.complete(staged, from: head, to: commit, previous: [GitNeighbourStepsTests.path: FileContents(bytes: before)],
                                 indexLock: IndexLock(repository), reflog: "commit: done: Read 2026-10-20")
        }

        var inHead: String { (try? world.git("show", "HEAD:" + GitNeighbourStepsTests.path)) ?? "" }
        var expected: String { String(decoding: changed.dropLast(), as: UTF8.self) }
    }

    @Test("a git that finds the branch moved reads the new index: its commit keeps habit's change")
    func readsAfterTheBranchMoved() throws {
        let prepared = try Prepared("neighbour-steps-moved")
        let seen = prepared.world.scratch.sub("index-seen")
        var observed = false
        try prepared.advance { step in
            guard step == "branch moved" else { return }
            observed = true
            // git's first two reads: the branch (habit's commit now), then the index.
            #expect((try? prepared.repository.headCommitID()) == prepared.commit)
            #expect(FileManager.default.createFile(atPath: seen, contents: FileManager.default.contents(atPath: prepared.world.data + "/.git/index")))
        }
        #expect(observed, "the step is passed")
        // The rest of that git commit, once habit has let go of the index: it commits what it read
        // on the branch it read.
        try prepared.world.git("commit", "-q", "--allow-empty", "-m", "by git beside", environment: ["GIT_INDEX_FILE": seen])
        #expect(try prepared.world.git("log", "-1", "--format=%s") == "by git beside")
        #expect(prepared.inHead == prepared.expected, "habit's change undone by the git beside it")
        try prepared.world.expectClean("after the git beside")
    }

    @Test("while the index takes effect the branch is locked: a git commit then cannot move it, and habit's commit follows")
    func branchLockedWhileTheIndexMoves() throws {
        let prepared = try Prepared("neighbour-steps-locked")
        let lock = try IndexLock(prepared.repository)
        try lock.stage(paths: [], in: prepared.commit)
        var refused = false
        try prepared.repository.moveCurrentBranch(from: prepared.head, to: prepared.commit, message: "commit: done") {
            try lock.commit()
            let attempt = try prepared.world.git("commit", "-q", "--allow-empty", "-m", "by git meanwhile", allowFailure: true)
            refused = (try? prepared.world.git("log", "-1", "--format=%s")) != "by git meanwhile"
            #expect(refused, "git moved the branch habit holds: \(attempt)")
        }
        #expect(try prepared.repository.headCommitID() == prepared.commit)
        #expect(try prepared.world.git("reflog", "-1", "--format=%gs", "HEAD") == "commit: done")
    }

    @Test("the branch moved by someone else while habit waited for its lock: nothing moves, BranchMoved")
    func branchMovedMeanwhile() throws {
        let prepared = try Prepared("neighbour-steps-cas")
        try prepared.world.git("commit", "-q", "--allow-empty", "-m", "by git first")
        let theirs = try prepared.repository.headCommitID()
        var ran = false
        #expect(throws: GitError.self) {
            try prepared.repository.moveCurrentBranch(from: prepared.head, to: prepared.commit, message: "commit: done") { ran = true }
        }
        #expect(!ran, "the index must not take effect for a branch that will not move")
        #expect(try prepared.repository.headCommitID() == theirs)
        do {
            try prepared.advance()
            Issue.record("the change went through on a branch that moved")
        } catch is Advance.BranchMoved {
        }
        #expect(readFile(prepared.world.data + "/" + Self.path) == String(decoding: prepared.before, as: UTF8.self))
        try prepared.world.expectClean("after BranchMoved")
    }

    @Test("after habit's change the index is the one git commit leaves: a git commit has nothing to write back over it")
    func indexNeedsNoRewrite() throws {
        let prepared = try Prepared("neighbour-steps-cache-tree")
        try prepared.advance()
        func identity() throws -> String {
            let info = try FileManager.default.attributesOfItem(atPath: prepared.world.data + "/.git/index")
            return "\(info[.systemFileNumber] ?? 0) \(info[.modificationDate] ?? 0)"
        }
        let written = try identity()
        // A git commit that read the index before habit's change and locked it after would write
        // back whatever its refresh changed; on the index habit leaves, nothing.
        try prepared.world.git("commit", "-q", "--allow-empty", "-m", "by git after")
        #expect(try identity() == written, "git commit rewrote the index habit left")
        #expect(prepared.inHead == prepared.expected)
        try prepared.world.expectClean("after git commit")
    }
}
