import Foundation
import Testing
import HabitGit
import TestSupport

@Suite("Commits built from objects, the index and the branch moved by the caller")
struct ObjectsTests {
    /// alice and bob share a first commit through a bare remote; each then commits separately.
    private func diverge(in dir: ScratchDirectory) throws -> (alice: Repository, bob: Repository, bobPath: String, bare: String) {
        let bare = dir.sub("remote.git")
        try git(["init", "-q", "--bare", "-b", "main", bare], in: dir.path)
        let (alice, alicePath) = try makeRepository(in: dir, name: "alice",
                                                    files: ["shared.toml": "a = 1\n\n# gap\n\nb = 1\n", "gone.toml": "x", "same.txt": "line\n"])
        try alice.setRemoteURL(bare)
        try alice.push()
        try git(["clone", "-q", bare, dir.sub("bob")], in: dir.path)
        let bob = try Repository.open(at: dir.sub("bob"))

        try writeFile("a = 2\n\n# gap\n\nb = 1\n", to: alicePath + "/shared.toml")
        try writeFile("alice\n", to: alicePath + "/alice.toml")
        try writeFile("alice's line\n", to: alicePath + "/same.txt")
        try alice.commit(message: "Alice")
        try alice.push()

        try writeFile("a = 1\n\n# gap\n\nb = 2\n", to: dir.sub("bob/shared.toml"))
        try writeFile("bob\n", to: dir.sub("bob/bob.toml"))
        try writeFile("bob's line\n", to: dir.sub("bob/same.txt"))
        try FileManager.default.removeItem(atPath: dir.sub("bob/gone.toml"))
        try bob.commit(message: "Bob")
        return (alice, bob, dir.sub("bob"), bare)
    }

    @Test("a merge commit made from objects, the files written by the caller, then index and branch: git is happy")
    func mergeFromObjects() throws {
        let dir = try gitScratch()
        let (_, bob, bobPath, bare) = try diverge(in: dir)
        let fetched = try bob.fetch()
        #expect(fetched.defaultBranch == "main")
        #expect(fetched.branches == ["main"])
        let ours = try #require(try bob.headCommitID())
        let theirs = try #require(try bob.remoteBranchHead())
        #expect(try bob.aheadBehind(local: ours, upstream: theirs) == (1, 1))

        let base = try #require(try bob.mergeBase(ours, theirs))
        let theirFiles = try bob.files(in: theirs)
        #expect(Set(theirFiles.keys) == ["alice.toml", "gone.toml", "same.txt", "shared.toml"])
        #expect(theirFiles["alice.toml"]?.mode == .regular)
        #expect(try bob.blob(#require(theirFiles["alice.toml"]).blob) == bytes("alice\n"))
        #expect(try bob.data(atPath: "shared.toml", in: base) == bytes("a = 1\n\n# gap\n\nb = 1\n"))

        let changes: [String: TreeChange] = [
            "shared.toml": .write(bytes("a = 2\nb = 2\n"), executable: false),
            "alice.toml": .write(bytes("alice\n"), executable: false),
            "same.txt": .write(bytes("both\n"), executable: true),
        ]
        let merged = try bob.makeCommit(base: ours, changes: changes, parents: [ours, theirs], message: "Merge origin/main")
        #expect(try bob.headCommitID() == ours, "making a commit moves nothing")
        #expect(try bob.commitInfo(merged).parentIDs == [ours, theirs])
        #expect(try bob.files(in: merged)["same.txt"]?.mode == .executable)

        try writeFile("a = 2\nb = 2\n", to: bobPath + "/shared.toml")
        try writeFile("alice\n", to: bobPath + "/alice.toml")
        try writeFile("both\n", to: bobPath + "/same.txt")
        chmod(bobPath + "/same.txt", 0o755)
        try bob.updateIndex(paths: ["shared.toml", "alice.toml", "same.txt"])
        try bob.moveCurrentBranch(from: ours, to: merged, message: "merge")
        #expect(try git(["status", "--porcelain"], in: bobPath).isEmpty)
        try git(["fsck", "--strict"], in: bobPath)

        try bob.push()
        #expect(try git(["rev-parse", "main"], in: bare) == merged.hex + "\n")
    }

    @Test("moving the branch refuses when it moved meanwhile")
    func branchMoveIsCompareAndSwap() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        let first = try #require(try repository.headCommitID())
        try writeFile("a = 2\n", to: path + "/a.toml")
        let second = try #require(try repository.commit(message: "second"))
        let detached = try repository.makeCommit(base: first, changes: ["b.toml": .write(bytes("b = 1\n"), executable: false)],
                                                 parents: [first], message: "other")
        #expect(throws: GitError.self) { try repository.moveCurrentBranch(from: first, to: detached, message: "stale") }
        #expect(try repository.headCommitID() == second)
    }

    @Test("git's line merge of a text file: clean when the changes do not touch, nil when they do")
    func textMerge() throws {
        _ = try gitScratch()
        let base = bytes("one\ntwo\nthree\n")
        #expect(try TextMerge.merge(base: base, ours: bytes("ONE\ntwo\nthree\n"), theirs: bytes("one\ntwo\nTHREE\n"))
                == bytes("ONE\ntwo\nTHREE\n"))
        #expect(try TextMerge.merge(base: base, ours: bytes("uno\ntwo\nthree\n"), theirs: bytes("eins\ntwo\nthree\n")) == nil)
        #expect(try TextMerge.merge(base: nil, ours: bytes("a\n"), theirs: bytes("a\n")) == bytes("a\n"))
    }

    @Test("a merge begun by git pull is visible: its heads, the paths it staged, and it can be cleared")
    func mergeInProgress() throws {
        let dir = try gitScratch()
        let (_, bob, bobPath, _) = try diverge(in: dir)
        try git(["-c", "user.name=b", "-c", "user.email=b@x", "pull", "--no-rebase", "-q"], in: bobPath, allowFailure: true)
        let heads = bob.mergeHeads()
        #expect(heads == [try #require(try bob.remoteBranchHead())])
        #expect(try bob.conflictedPaths() == ["same.txt"])
        #expect(try bob.stagedPaths().contains("alice.toml"))
        #expect(try bob.stagedPaths().contains("same.txt"))
        let head = try #require(try bob.headCommitID())
        try git(["checkout", "-q", "HEAD", "--", "."], in: bobPath, allowFailure: true)
        try bob.resetIndex(to: head)
        try bob.clearMergeState()
        #expect(bob.mergeHeads().isEmpty)
    }

    @Test("a clone writes no working file: the caller checks and writes them")
    func cloneWithoutCheckout() throws {
        let dir = try gitScratch()
        let (_, _, _, bare) = try diverge(in: dir)
        let clone = try Repository.clone(from: bare, to: dir.sub("carol"))
        #expect(try clone.headCommitID() != nil)
        #expect(!FileManager.default.fileExists(atPath: dir.sub("carol/shared.toml")))
        #expect(try clone.files(in: #require(try clone.headCommitID())).keys.contains("shared.toml"))
    }
}
