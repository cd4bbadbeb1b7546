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

    @Test("an empty file written by habit is recorded as git add records it")
    func emptyFile() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        let commit = try commitFromObjects("", in: repository)
        try writeFile("", to: path + "/a.toml")
        _ = try repository.updateIndex(paths: ["a.toml"], written: ["a.toml": bytes("")], in: commit)
        let blob = try git(["hash-object", "a.toml"], in: path).trimmingCharacters(in: .newlines)
        #expect(try indexEntry(path).contains(" \(blob) 0\ta.toml"))
        try repository.moveCurrentBranch(from: repository.headCommitID(), to: commit, message: "second")
        #expect(try git(["status", "--porcelain"], in: path).isEmpty)
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
        // The commit stores what `git add` stores (issue 35: it used to store the CRLF bytes).
        #expect(try repository.files(in: commit)["a.toml"]?.blob.hex == filtered, "the commit's blob went through the filter")
        #expect(try git(["cat-file", "blob", filtered], in: path) == "a = 2\n")
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

@Suite("A commit that rewrites existing files rewrites only the trees on their paths")
struct UpdatedTreeTests {
    @Test("the tree equals the one git builds from its index, nested, several files, a mode changed")
    func sameTreeAsGit() throws {
        let dir = try gitScratch()
        let files = ["habit.toml": "a = 1\n", "trackers/run.toml": "[log]\n", "trackers/read.toml": "x = 1\n",
                     "trackers/deep/more.toml": "y = 1\n", "z.txt": "z\n"]
        let (repository, path) = try makeRepository(in: dir, files: files)
        let head = try #require(try repository.headCommitID())
        let changes: [String: TreeChange] = [
            "trackers/run.toml": .write(bytes("[log]\n2026-11-22 = true\n"), executable: false),
            "trackers/deep/more.toml": .write(bytes("y = 2\n"), executable: false),
            "z.txt": .write(bytes("z\n"), executable: true),
        ]
        let commit = try repository.makeCommit(base: head, changes: changes, parents: [head], message: "second")
        try writeFile("[log]\n2026-11-22 = true\n", to: path + "/trackers/run.toml")
        try writeFile("y = 2\n", to: path + "/trackers/deep/more.toml")
        chmod(path + "/z.txt", 0o755)
        try git(["add", "-A"], in: path)
        let expected = try git(["write-tree"], in: path).trimmingCharacters(in: .newlines)
        #expect(try git(["rev-parse", "\(commit.hex)^{tree}"], in: path).trimmingCharacters(in: .newlines) == expected)
        #expect(try repository.files(in: commit)["z.txt"]?.mode == .executable)
        #expect(try repository.commitInfo(commit).parentIDs == [head])
    }

    @Test("a new file and a deleted one, with folders coming and going, still make git's tree")
    func addsAndDeletionsTooMakeGitsTree() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir, files: ["trackers/run.toml": "[log]\n", "old/only.toml": "o\n"])
        let head = try #require(try repository.headCommitID())
        let commit = try repository.makeCommit(base: head, changes: [
            "trackers/run.toml": .write(bytes("[log]\n2026-11-22 = true\n"), executable: false),
            "old/only.toml": .delete, "new/first.toml": .write(bytes("n\n"), executable: false),
        ], parents: [head], message: "second")
        try writeFile("[log]\n2026-11-22 = true\n", to: path + "/trackers/run.toml")
        try FileManager.default.removeItem(atPath: path + "/old")
        try writeFile("n\n", to: path + "/new/first.toml")
        try git(["add", "-A"], in: path)
        let expected = try git(["write-tree"], in: path).trimmingCharacters(in: .newlines)
        #expect(try git(["rev-parse", "\(commit.hex)^{tree}"], in: path).trimmingCharacters(in: .newlines) == expected)
    }
}
