import Foundation
import Testing
@testable import HabitGit
import TestSupport

@Suite("Creating, committing and status")
struct CommitTests {
    @Test("create + commit leaves a clean `git status` and passes `git fsck --strict`")
    func commitIsCleanForGit() throws {
        let dir = try gitScratch()
        let path = dir.sub("data")
        let repository = try Repository.create(at: path)
        #expect(try repository.currentBranch() == "main")
        #expect(repository.isHeadUnborn)
        #expect(try repository.commit(message: "nothing") == nil, "an empty unborn repository has nothing to commit")

        try writeFile("*.tmp\n", to: path + "/.gitignore")
        try writeFile("name = \"run\"\n", to: path + "/habits/run.toml")
        try writeFile("scratch", to: path + "/junk.tmp")
        let first = try #require(try repository.commit(message: "Add run"))
        #expect(try git(["status", "--porcelain"], in: path).isEmpty)
        try git(["fsck", "--strict"], in: path)
        #expect(try git(["symbolic-ref", "HEAD"], in: path) == "refs/heads/main\n")
        #expect(try git(["rev-parse", "HEAD"], in: path) == first.hex + "\n")
        #expect(try git(["ls-files"], in: path) == ".gitignore\nhabits/run.toml\n")
        // No identity is configured in the isolated environment: the fallback is used.
        #expect(try git(["log", "-1", "--format=%an <%ae>|%s"], in: path) == "habit <habit@localhost>|Add run\n")

        #expect(try repository.commit(message: "again") == nil, "no change, no commit")

        try writeFile("name = \"walk\"\n", to: path + "/habits/walk.toml")
        try writeFile("name = \"running\"\n", to: path + "/habits/run.toml")
        try writeFile("x = 1\n", to: path + "/other.toml")
        let second = try #require(try repository.commit(message: "Walk", paths: ["habits"]))
        #expect(try git(["show", "--format=", "--name-status", second.hex], in: path)
            == "M\thabits/run.toml\nA\thabits/walk.toml\n")
        #expect(try git(["status", "--porcelain"], in: path) == "?? other.toml\n")

        try FileManager.default.removeItem(atPath: path + "/habits/run.toml")
        let third = try #require(try repository.commit(message: "Remove run\n\nBecause.", author: Signature(name: "Ann", email: "ann@example.com")))
        #expect(try git(["status", "--porcelain"], in: path).isEmpty)
        #expect(try git(["show", "--format=%an|%P", "--name-status", third.hex], in: path)
            == "Ann|\(second.hex)\n\nD\thabits/run.toml\nA\tother.toml\n")
        try git(["fsck", "--strict"], in: path)
    }

    @Test("the configured identity is used when present")
    func configuredIdentity() throws {
        let dir = try gitScratch()
        let repository = try Repository.create(at: dir.path)
        try repository.setConfigValue("Configured Person", forKey: "user.name")
        try repository.setConfigValue("person@example.com", forKey: "user.email")
        try writeFile("a", to: dir.sub("a.toml"))
        try repository.commit(message: "x")
        #expect(try git(["log", "-1", "--format=%an <%ae>"], in: dir.path) == "Configured Person <person@example.com>\n")
    }

    @Test("status lists new, modified, deleted and untracked paths and honours .gitignore")
    func statusListsChanges() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir, files: ["keep.toml": "1", "change.toml": "1", "gone.toml": "1", ".gitignore": "*.lock\nbuild/\n"])
        #expect(try repository.status().isEmpty)
        try writeFile("2", to: path + "/change.toml")
        try FileManager.default.removeItem(atPath: path + "/gone.toml")
        try writeFile("new", to: path + "/dir/new.toml")
        try writeFile("staged", to: path + "/staged.toml")
        try writeFile("ignored", to: path + "/x.lock")
        try writeFile("ignored", to: path + "/build/out.toml")
        try git(["add", "staged.toml"], in: path)
        let status = try repository.status()
        #expect(status == [
            FileStatus(path: "change.toml", change: .modified),
            FileStatus(path: "dir/new.toml", change: .untracked),
            FileStatus(path: "gone.toml", change: .deleted),
            FileStatus(path: "staged.toml", change: .added),
        ])
        #expect(try repository.status(includeUntracked: false).map(\.path) == ["change.toml", "gone.toml", "staged.toml"])
        try repository.commit(message: "all")
        #expect(try repository.status().isEmpty)
        #expect(try git(["status", "--porcelain"], in: path).isEmpty)
    }

    @Test("open, discover and isRepository; errors are typed and readable")
    func openingAndErrors() throws {
        let dir = try gitScratch()
        #expect(!Repository.isRepository(at: dir.path))
        let error = try #require(throws: GitError.self) { try Repository.open(at: dir.path) }
        #expect(error.kind == .notARepository)
        #expect(error.description.contains(dir.path))
        #expect(error.code == -3 && !error.description.contains("code"))

        let (_, path) = try makeRepository(in: dir)
        #expect(Repository.isRepository(at: path))
        try FileManager.default.createDirectory(atPath: path + "/sub/deeper", withIntermediateDirectories: true)
        let found = try Repository.discover(from: path + "/sub/deeper")
        #expect(found.workingDirectory == path + "/")
        #expect(try Repository.open(at: path).headCommitID() != nil)
    }

    @Test("repository configuration can be written and read back")
    func configuration() throws {
        let dir = try gitScratch()
        let repository = try Repository.create(at: dir.path)
        #expect(try repository.configValue(forKey: "merge.habit.driver") == nil)
        try repository.setConfigValue("habit merge-driver %O %A %B %P", forKey: "merge.habit.driver")
        #expect(try repository.configValue(forKey: "merge.habit.driver") == "habit merge-driver %O %A %B %P")
        #expect(try git(["config", "merge.habit.driver"], in: dir.path) == "habit merge-driver %O %A %B %P\n")
        try repository.removeConfigValue(forKey: "merge.habit.driver")
        #expect(try repository.configValue(forKey: "merge.habit.driver") == nil)
    }

    @Test("credentials are redacted from URLs in free text")
    func redaction() {
        #expect(redactCredentials("https://user:token@host/x") == "https://***@host/x")
        #expect(redactCredentials("failed: https://tok@github.com/a/b.git: 401") == "failed: https://***@github.com/a/b.git: 401")
        #expect(redactCredentials("https://host/x and ssh://git@host:22/y") == "https://host/x and ssh://git@host:22/y")
        #expect(redactCredentials("ssh://git:pw@host/y and https://token@host/z") == "ssh://***@host/y and https://***@host/z")
        #expect(redactCredentials("git@github.com:me/data.git") == "git@github.com:me/data.git")
        #expect(redactCredentials("no url here") == "no url here")
        #expect(redactCredentials("https://h/x.git?token=t&plain&a=b#frag ok") == "https://h/x.git?token=***&***&a=***#*** ok")
        #expect(redactCredentials("http://h/x#secret") == "http://h/x#***")
        #expect(redactCredentials("http://h/x?") == "http://h/x?")
        let error = GitError(kind: .unreachable, summary: "Could not reach https://me:secret@example.com/repo")
        #expect(!error.description.contains("secret"))
    }
}
