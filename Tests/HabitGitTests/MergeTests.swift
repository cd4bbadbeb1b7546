import Foundation
import Testing
import HabitGit
import TestSupport

@Suite("Merging diverged histories")
struct MergeTests {
    /// alice and bob share a first commit through a bare remote; each then commits separately.
    private func diverge(in dir: ScratchDirectory) throws -> (alice: Repository, bob: Repository, bare: String) {
        let bare = try makeBare(in: dir)
        let (alice, alicePath) = try makeRepository(in: dir, name: "alice",
                                                    files: ["shared.toml": "a = 1\n\n# gap\n\nb = 1\n", "gone.toml": "x", "same.txt": "line\n"])
        try alice.setRemoteURL(bare)
        try alice.push()
        let bob = try Repository.clone(from: bare, to: dir.sub("bob"))

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
        return (alice, bob, bare)
    }

    @Test("caller-style merge: base, changed paths, blobs, then a two-parent commit that can be pushed")
    func callerStyleMerge() throws {
        let dir = try gitScratch()
        let (_, bob, bare) = try diverge(in: dir)
        #expect(throws: GitError.self) { try bob.push() }
        try bob.fetch()
        let ours = try #require(try bob.headCommitID())
        let theirs = try #require(try bob.remoteBranchHead())
        #expect(try bob.aheadBehind(local: ours, upstream: theirs) == (1, 1))
        #expect(throws: GitError.self) { try bob.fastForward(to: theirs) }

        let base = try #require(try bob.mergeBase(ours, theirs))
        let ourChanges = try bob.changes(from: base, to: ours)
        let theirChanges = try bob.changes(from: base, to: theirs)
        #expect(ourChanges == [FileChange(path: "bob.toml", kind: .added), FileChange(path: "gone.toml", kind: .deleted),
                               FileChange(path: "same.txt", kind: .modified), FileChange(path: "shared.toml", kind: .modified)])
        #expect(theirChanges.map(\.path) == ["alice.toml", "same.txt", "shared.toml"])

        // The caller's file-aware merge of shared.toml, from the three versions.
        #expect(try bob.data(atPath: "shared.toml", in: base) == bytes("a = 1\n\n# gap\n\nb = 1\n"))
        #expect(try bob.data(atPath: "shared.toml", in: theirs) == bytes("a = 2\n\n# gap\n\nb = 1\n"))
        let merged = try bob.createMergeCommit(ours: ours, theirs: theirs, applying: [
            "shared.toml": .write(bytes("a = 2\nb = 2\n")),
            "alice.toml": .write(try #require(try bob.data(atPath: "alice.toml", in: theirs))),
            "same.txt": .write(bytes("both\n")),
        ], message: "Merge origin/main")

        let bobPath = dir.sub("bob")
        #expect(try bob.headCommitID() == merged)
        #expect(try bob.commitInfo(merged).parentIDs == [ours, theirs])
        #expect(readFile(bobPath + "/shared.toml") == "a = 2\nb = 2\n")
        #expect(readFile(bobPath + "/alice.toml") == "alice\n")
        #expect(readFile(bobPath + "/same.txt") == "both\n")
        #expect(!FileManager.default.fileExists(atPath: bobPath + "/gone.toml"))
        #expect(try git(["status", "--porcelain"], in: bobPath).isEmpty)
        try git(["fsck", "--strict"], in: bobPath)

        try bob.push()
        #expect(try git(["rev-parse", "main"], in: bare) == merged.hex + "\n")
        #expect(try bob.aheadBehind(local: merged, upstream: try #require(try bob.remoteBranchHead())) == (0, 0))
    }

    @Test("git's merge reports conflicts in memory, writes no markers, and finishes once resolved")
    func ordinaryMergeWithConflicts() throws {
        let dir = try gitScratch()
        let (_, bob, _) = try diverge(in: dir)
        try bob.fetch()
        let ours = try #require(try bob.headCommitID())
        let theirs = try #require(try bob.remoteBranchHead())

        let result = try bob.merge(theirs, into: ours)
        #expect(result.base == (try bob.mergeBase(ours, theirs)))
        #expect(result.conflictedPaths == ["same.txt"])
        #expect(result.conflicts.first == MergeConflict(path: "same.txt", inBase: true, inOurs: true, inTheirs: true))
        #expect(try result.data(atPath: "shared.toml") == bytes("a = 2\n\n# gap\n\nb = 2\n"), "non-overlapping edits merge cleanly")
        #expect(try result.data(atPath: "alice.toml") == bytes("alice\n"))
        #expect(try result.data(atPath: "gone.toml") == nil)
        let markers = String(decoding: try result.conflictText(atPath: "same.txt"), as: UTF8.self)
        #expect(markers.contains("<<<<<<< ours") && markers.contains(">>>>>>> theirs"))
        #expect(readFile(dir.sub("bob/same.txt")) == "bob's line\n", "the working tree is untouched")

        let unresolved = try #require(throws: GitError.self) { try bob.createMergeCommit(result, message: "Merge") }
        #expect(unresolved.kind == .conflict)
        #expect(unresolved.description.contains("same.txt"))
        #expect(try bob.headCommitID() == ours)

        let merged = try bob.createMergeCommit(result, resolving: ["same.txt": .write(bytes("resolved\n"))], message: "Merge")
        #expect(try bob.commitInfo(merged).parentIDs == [ours, theirs])
        #expect(readFile(dir.sub("bob/same.txt")) == "resolved\n")
        #expect(readFile(dir.sub("bob/shared.toml")) == "a = 2\n\n# gap\n\nb = 2\n")
        #expect(try git(["status", "--porcelain"], in: dir.sub("bob")).isEmpty)
        try git(["fsck", "--strict"], in: dir.sub("bob"))
    }
}
