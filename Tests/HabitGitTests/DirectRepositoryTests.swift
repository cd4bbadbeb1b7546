import Foundation
import Testing
import HabitGit
import TestSupport

/// `DirectRepository` commits rewritten files without libgit2. Each case makes the same change
/// twice, in two copies of one repository: through `DirectRepository` and through libgit2's
/// `Repository`, and the results must be the same commit, the same index (but the stat data of
/// the rewritten file), the same config and reflogs, and a repository `git fsck --strict` and
/// `git status` find clean. What it does not handle must reach libgit2 and still come out right.
@Suite("Local commits written without libgit2 are the ones libgit2 writes")
struct DirectRepositoryTests {
    static let time = GitTime(secondsSinceEpoch: 1_795_348_800, offsetMinutes: 90)

    /// A repository as habit keeps one: data files in a folder, habit's merge driver registered.
    static func dataRepository(in dir: ScratchDirectory, name: String = "one", files: [String: String]? = nil) throws -> String {
        let path = dir.sub(name)
        try git(["init", "-q", "-b", "main", path], in: dir.path)
        let contents = files ?? ["habit.toml": "week_start = \"monday\"\n", "trackers/read.toml": "name = \"Read\"\n",
                                 "trackers/walk.toml": "name = \"Walk\"\n", "notes/deep/day.toml": "x = 1\n",
                                 ".gitattributes": "habit.toml merge=habit\ntrackers/*.toml merge=habit\n"]
        for (file, text) in contents {
            try FileManager.default.createDirectory(atPath: (path + "/" + file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try writeFile(text, to: path + "/" + file)
        }
        for (key, value) in [("merge.habit.name", "habit data files"), ("merge.habit.driver", "habit merge-driver %O %A %B %P"),
                             ("merge.renames", "false"), ("user.name", "Ann Example"), ("user.email", "ann@example.org")] {
            try git(["config", key, value], in: path)
        }
        try git(["add", "-A"], in: path)
        try git(["commit", "-q", "-m", "Initial"], in: path)
        return path
    }

    /// Copies a repository (its working files and `.git`), as `cp -a` would.
    static func copy(_ path: String, to other: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = ["-a", path, other]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// What `Advance` does: the commit, the file in place, the index, the branch.
    @discardableResult
    static func change(_ history: any BranchHistory, at path: String, _ files: [String: String], message: String = "done: Read 2026-11-22") throws -> CommitID {
        let head = try #require(try history.headCommitID())
        let changes = files.mapValues { TreeChange.write(bytes($0), executable: false) }
        let commit = try history.makeCommit(base: head, changes: changes, parents: [head], message: message)
        try history.beginAdvance(PendingAdvance(old: head, new: commit))
        for (file, text) in files { try writeFile(text, to: path + "/" + file) }
        try history.updateIndex(paths: Array(files.keys), written: files.mapValues(bytes), in: commit)
        try history.moveCurrentBranch(from: head, to: commit, message: "habit")
        try history.endAdvance()
        history.clearUncommitted()
        return commit
    }

    /// A new data repository opened directly, its branch's commit, and the scratch directory that
    /// holds it (removed when released).
    static func opened() throws -> (path: String, repository: DirectRepository, head: CommitID, scratch: ScratchDirectory) {
        let scratch = try gitScratch()
        let path = try dataRepository(in: scratch)
        let repository = try #require(DirectRepository.open(workingDirectory: path))
        return (path, repository, try #require(try repository.headCommitID()), scratch)
    }

    /// The index without the stat data of each entry (ctime … size), which differ between copies.
    static func indexWithoutStat(_ path: String) throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index")))
        let count = Int(bytes[8]) << 24 | Int(bytes[9]) << 16 | Int(bytes[10]) << 8 | Int(bytes[11])
        var position = 12
        for _ in 0..<count {
            for index in position..<(position + 40) where !(24..<28).contains(index - position) { bytes[index] = 0 }
            let nul = bytes[(position + 62)...].firstIndex(of: 0)!
            position += ((nul - position) + 8) & ~7
        }
        return Array(bytes.dropLast(20))
    }

    /// Reflog lines without their times (taken from the clock).
    static func reflog(_ path: String, _ name: String) throws -> [String] {
        try String(contentsOfFile: path + "/.git/logs/" + name, encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            let head = parts[0].split(separator: " ").dropLast(2).joined(separator: " ")
            return head + "\t" + (parts.count > 1 ? parts[1] : "")
        }
    }

    /// Makes `files` as a change in a copy through each way, and compares.
    static func compare(_ files: [String: String], prepare: (String) throws -> Void = { _ in }, expectDirect: Bool = true,
                        message: String = "done: Read 2026-11-22") throws {
        let dir = try gitScratch()
        let direct = try dataRepository(in: dir)
        try prepare(direct)
        let full = dir.sub("two")
        try copy(direct, to: full)

        let quick = try #require(DirectRepository.open(workingDirectory: direct))
        quick.commitTime = time
        let ours = try change(quick, at: direct, files, message: message)
        #expect(quick.usedLibgit2 == !expectDirect)

        let repository = try Repository.open(at: full)
        repository.commitTime = time
        let theirs = try change(repository, at: full, files, message: message)

        #expect(ours == theirs, "the same commit")
        #expect(try indexWithoutStat(direct) == indexWithoutStat(full), "the same index")
        #expect(try String(contentsOfFile: direct + "/.git/config", encoding: .utf8) == String(contentsOfFile: full + "/.git/config", encoding: .utf8))
        for log in ["HEAD", "refs/heads/main"] { #expect(try reflog(direct, log) == reflog(full, log), "\(log)'s reflog") }
        #expect(try git(["status", "--porcelain"], in: direct).isEmpty)
        #expect(try git(["fsck", "--strict", "--no-progress"], in: direct).isEmpty)
        #expect(try git(["ls-files", "--stage", "--debug"], in: direct).contains("size: "))
    }

    @Test("a rewritten data file: the same commit, index, config and reflogs as libgit2's, without libgit2")
    func oneFile() throws {
        try Self.compare(["trackers/read.toml": "name = \"Read\"\n\n[log]\n2026-11-22 = true\n"])
    }

    @Test("several files at several depths, and a message with trailing blanks")
    func severalFiles() throws {
        try Self.compare(["trackers/read.toml": "name = \"Read\"\n# r\n", "trackers/walk.toml": "name = \"Walk\"\n# w\n",
                          "habit.toml": "week_start = \"sunday\"\n", "notes/deep/day.toml": "x = 2\n"], message: "edit: several  \t")
    }

    @Test("the index's cached trees, valid after git commit, are marked invalid along the path as libgit2 does")
    func cachedTrees() throws {
        try Self.compare(["notes/deep/day.toml": "x = 3\n"], prepare: { path in
            try git(["read-tree", "HEAD"], in: path)  // fills the cached trees
            try git(["update-index", "--refresh"], in: path)
        })
    }

    @Test("objects only in a pack (after git gc or a clone) go to libgit2, with the same result")
    func packedObjects() throws {
        try Self.compare(["trackers/read.toml": "name = \"Read\"\n# packed\n"], prepare: { path in
            try git(["gc", "-q"], in: path)
        }, expectDirect: false)
    }

    @Test("after git gc, a change that returns a file to an earlier state goes to libgit2 once, and leaves its trees loose for the next")
    func packedTreesLoosened() throws {
        let dir = try gitScratch()
        let path = try Self.dataRepository(in: dir)
        let original = try String(contentsOfFile: path + "/trackers/read.toml", encoding: .utf8)
        let marked = original + "2026-11-22 = true\n"
        let first = try #require(DirectRepository.open(workingDirectory: path))
        try Self.change(first, at: path, ["trackers/read.toml": marked])
        #expect(!first.usedLibgit2)
        try git(["gc", "-q"], in: path)
        // Undone: the trees are the initial commit's, all in the pack now.
        let second = try #require(DirectRepository.open(workingDirectory: path))
        try Self.change(second, at: path, ["trackers/read.toml": original], message: "undone: Read 2026-11-22")
        #expect(second.usedLibgit2, "the base commit is only in the pack")
        let third = try #require(DirectRepository.open(workingDirectory: path))
        try Self.change(third, at: path, ["trackers/read.toml": marked])
        #expect(!third.usedLibgit2, "the trees libgit2 found in the pack were copied out loose")
        #expect(try git(["status", "--porcelain"], in: path).isEmpty)
        #expect(try git(["fsck", "--strict", "--no-progress"], in: path).isEmpty)
        #expect(try git(["log", "--format=%s"], in: path) == "done: Read 2026-11-22\nundone: Read 2026-11-22\ndone: Read 2026-11-22\nInitial\n")
    }

    @Test("a file the attributes filter (text, eol) is recorded in the index by libgit2")
    func filteredFile() throws {
        try Self.compare(["trackers/read.toml": "name = \"Read\"\n# filtered\n"], prepare: { path in
            try writeFile("trackers/*.toml text eol=lf\n", to: path + "/.gitattributes")
            try git(["commit", "-q", "-am", "attributes"], in: path)
        }, expectDirect: false)
    }

    @Test("a branch that is only in packed-refs is read there and written loose")
    func packedReference() throws {
        try Self.compare(["trackers/walk.toml": "name = \"Walk\"\n# packed ref\n"], prepare: { path in
            try git(["pack-refs", "--all"], in: path)
        })
    }

    @Test("no configured identity: signed habit <habit@localhost>, reflog by unknown <unknown>, as libgit2")
    func noIdentity() throws {
        try Self.compare(["trackers/read.toml": "name = \"Read\"\n# anonymous\n"], prepare: { path in
            try git(["config", "--unset", "user.name"], in: path)
        })
    }

    @Test("a repository not in the plain shape is not opened directly")
    func notOpened() throws {
        let dir = try gitScratch()
        let cases: [(String, (String) throws -> Void)] = [
            ("a step left unfinished", { try git(["config", "habit.advance", "none 1234"], in: $0) }),
            ("no merge driver", { try git(["config", "--unset", "merge.habit.driver"], in: $0) }),
            ("autocrlf", { try git(["config", "core.autocrlf", "true"], in: $0) }),
            ("an include", { try git(["config", "include.path", "other"], in: $0) }),
            ("a detached HEAD", { try git(["checkout", "-q", "--detach"], in: $0) }),
            ("a continued line", { path in
                let config = try String(contentsOfFile: path + "/.git/config", encoding: .utf8)
                try writeFile(config + "[alias]\n\tst = status \\\n\t-s\n", to: path + "/.git/config")
            }),
        ]
        for (index, (label, prepare)) in cases.enumerated() {
            let path = try Self.dataRepository(in: dir, name: "case\(index)")
            #expect(DirectRepository.open(workingDirectory: path) != nil, "\(label): plain before")
            try prepare(path)
            #expect(DirectRepository.open(workingDirectory: path) == nil, "\(label)")
        }
    }

    @Test("a new file goes to libgit2; a branch moved meanwhile is refused by libgit2")
    func handedOver() throws {
        let (path, quick, head, scratch) = try Self.opened()
        defer { withExtendedLifetime(scratch) {} }
        let commit = try quick.makeCommit(base: head, changes: ["trackers/new.toml": .write(bytes("n = 1\n"), executable: false)],
                                          parents: [head], message: "add: New")
        #expect(quick.usedLibgit2)
        #expect(try git(["show", "\(commit.hex):trackers/new.toml"], in: path) == "n = 1\n")

        let other = try #require(DirectRepository.open(workingDirectory: path))
        let wrong = try #require(CommitID(hex: String(repeating: "1", count: 40)))
        #expect(throws: GitError.self) { try other.moveCurrentBranch(from: wrong, to: commit, message: "habit") }
        #expect(try git(["rev-parse", "HEAD"], in: path).hasPrefix(head.hex))
        #expect(!FileManager.default.fileExists(atPath: path + "/.git/refs/heads/main.lock"))
    }

    @Test("a lock another writer holds is reported as git's lock")
    func lockedIndex() throws {
        let (path, quick, head, scratch) = try Self.opened()
        defer { withExtendedLifetime(scratch) {} }
        let text = "name = \"Read\"\n# locked\n"
        let commit = try quick.makeCommit(base: head, changes: ["trackers/read.toml": .write(bytes(text), executable: false)],
                                          parents: [head], message: "m")
        try writeFile(text, to: path + "/trackers/read.toml")
        try writeFile("", to: path + "/.git/index.lock")
        let error = try #require(throws: GitError.self) {
            try quick.updateIndex(paths: ["trackers/read.toml"], written: ["trackers/read.toml": bytes(text)], in: commit)
        }
        #expect(error.kind == .locked)
        #expect(FileManager.default.fileExists(atPath: path + "/.git/index.lock"), "another writer's lock is left alone")
    }
}
