import Foundation
import Testing
import HabitGit
import TestSupport

@Suite("The index takes the commit's blob for a file habit wrote, only when the file holds those bytes")
struct IndexShortcutTests {
    /// A second commit of `a.toml` with `text`, made from objects as habit makes it; the branch is not moved.
    private func commitFromObjects(_ text: String, in repository: Repository) throws -> CommitID {
        let head = try #require(try repository.headCommitID())
        return try repository.makeCommit(base: head, changes: ["a.toml": .write(bytes(text), executable: false)],
                                         parents: [head], message: "second")
    }

    /// The index's line for a.toml: mode, blob id, stage, path, then ctime, mtime, dev, ino, uid, gid, size, flags.
    private func indexEntry(_ path: String) throws -> String {
        try git(["ls-files", "--stage", "--debug", "a.toml"], in: path)
    }

    @Test("the entry made from the written bytes is the one git add's way makes, with the blob git hashes")
    func sameEntryAsGitAdd() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        let text = String(repeating: "2026-11-22 = true\n", count: 2000)
        let commit = try commitFromObjects(text, in: repository)
        try writeFile(text, to: path + "/a.toml")
        #expect(try repository.updateIndex(paths: ["a.toml"], written: ["a.toml": bytes(text)], in: commit) == ["a.toml"])
        let shortcut = try indexEntry(path)
        let blob = try git(["hash-object", "a.toml"], in: path).trimmingCharacters(in: .newlines)
        #expect(try repository.files(in: commit)["a.toml"]?.blob.hex == blob)
        #expect(shortcut.contains(" \(blob) 0\ta.toml"), "\(shortcut)")

        #expect(try repository.updateIndex(paths: ["a.toml"]).isEmpty)
        #expect(try indexEntry(path) == shortcut, "git_index_add_bypath records the same entry, stat data included")

        try repository.moveCurrentBranch(from: repository.headCommitID(), to: commit, message: "second")
        #expect(try git(["status", "--porcelain"], in: path).isEmpty)
        try git(["fsck", "--strict"], in: path)
    }

    @Test("a file that is not the bytes written is hashed from disk, as git add does")
    func changedFileTakesGitAddsWay() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        let commit = try commitFromObjects("a = 2\n", in: repository)
        for onDisk in ["a = 3\n", "a = 2\n# more\n", "a = "] {
            try writeFile(onDisk, to: path + "/a.toml")
            #expect(try repository.updateIndex(paths: ["a.toml"], written: ["a.toml": bytes("a = 2\n")], in: commit).isEmpty)
            let blob = try git(["hash-object", "a.toml"], in: path).trimmingCharacters(in: .newlines)
            #expect(try indexEntry(path).contains(" \(blob) 0\ta.toml"), "the index holds what is on disk: \(onDisk)")
            #expect(try git(["diff", "--name-only"], in: path).isEmpty, "the index agrees with the file")
        }
    }

    @Test("a file git would filter on its way in (text with CRLF) is recorded as git add records it")
    func filteredFileTakesGitAddsWay() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        try writeFile("*.toml text\n", to: path + "/.git/info/attributes")
        let text = "a = 2\r\n"
        let commit = try commitFromObjects(text, in: repository)
        try writeFile(text, to: path + "/a.toml")
        #expect(try repository.updateIndex(paths: ["a.toml"], written: ["a.toml": bytes(text)], in: commit).isEmpty)
        let filtered = try git(["hash-object", "a.toml"], in: path).trimmingCharacters(in: .newlines)
        #expect(try repository.files(in: commit)["a.toml"]?.blob.hex != filtered, "the filter changes the bytes")
        #expect(try indexEntry(path).contains(" \(filtered) 0\ta.toml"))
    }

    @Test("an executable file whose commit says regular is recorded from disk")
    func modeMismatchTakesGitAddsWay() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        let commit = try commitFromObjects("a = 2\n", in: repository)
        try writeFile("a = 2\n", to: path + "/a.toml")
        chmod(path + "/a.toml", 0o755)
        #expect(try repository.updateIndex(paths: ["a.toml"], written: ["a.toml": bytes("a = 2\n")], in: commit).isEmpty)
        #expect(try indexEntry(path).hasPrefix("100755 "))
    }
}
