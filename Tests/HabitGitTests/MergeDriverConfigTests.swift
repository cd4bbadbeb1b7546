import Foundation
import HabitGit
import Testing
import TestSupport

/// The merge driver looked for without libgit2 and written into `.git/config` through libgit2's
/// config writer, as git reads it.
@Suite struct MergeDriverConfigTests {
    func config(_ path: String) throws -> String {
        try String(contentsOfFile: path + "/.git/config", encoding: .utf8)
    }

    @Test("a repository made by git gets the driver and merge.renames, once, and git reads them")
    func registersOnceAndGitReadsIt() throws {
        let dir = try gitScratch()
        try git(["init", "-q", dir.path], in: dir.path)
        #expect(MergeDriverConfig.registerIfMissing(workingDirectory: dir.path))
        #expect(try git(["config", "--get", "merge.habit.driver"], in: dir.path) == "habit merge-driver %O %A %B %P\n")
        #expect(try git(["config", "--get", "merge.habit.name"], in: dir.path) == MergeDriverConfig.name + "\n")
        #expect(try git(["config", "--get", "merge.renames"], in: dir.path) == "false\n")
        let written = try config(dir.path)
        #expect(!MergeDriverConfig.registerIfMissing(workingDirectory: dir.path), "nothing is missing the second time")
        #expect(try config(dir.path) == written)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/.git/config.lock"))
    }

    @Test("what the person set is kept; only what is missing is added, in any spelling of the section")
    func addsOnlyWhatIsMissing() throws {
        let dir = try gitScratch()
        try git(["init", "-q", dir.path], in: dir.path)
        try git(["config", "merge.renames", "true"], in: dir.path)
        try git(["config", "merge.habit.driver", "/opt/habit/bin/habit merge-driver %O %A %B %P"], in: dir.path)
        #expect(MergeDriverConfig.registerIfMissing(workingDirectory: dir.path), "the name is missing")
        #expect(try git(["config", "--get", "merge.renames"], in: dir.path) == "true\n")
        #expect(try git(["config", "--get-all", "merge.habit.driver"], in: dir.path) == "/opt/habit/bin/habit merge-driver %O %A %B %P\n")
        #expect(try git(["config", "--get", "merge.habit.name"], in: dir.path) == MergeDriverConfig.name + "\n")

        // Upper case section names, a comment, no final newline: read as git reads them.
        let other = dir.sub("other")
        try git(["init", "-q", other], in: dir.path)
        let text = try config(other) + "# habit\n[MERGE \"habit\"]\n\tName = x\n\tDRIVER=y\n[Merge]\n  renames = false"
        try text.write(toFile: other + "/.git/config", atomically: false, encoding: .utf8)
        #expect(!MergeDriverConfig.registerIfMissing(workingDirectory: other))
        #expect(try config(other) == text)
    }

    @Test("a held config lock, a .git file and a plain directory are left alone")
    func leavesAlone() throws {
        let dir = try gitScratch()
        try git(["init", "-q", dir.path], in: dir.path)
        let before = try config(dir.path)
        try "".write(toFile: dir.path + "/.git/config.lock", atomically: false, encoding: .utf8)
        #expect(!MergeDriverConfig.registerIfMissing(workingDirectory: dir.path))
        #expect(try config(dir.path) == before)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/.git/config.lock"), "another writer's lock stays")
        try FileManager.default.removeItem(atPath: dir.path + "/.git/config.lock")
        #expect(MergeDriverConfig.registerIfMissing(workingDirectory: dir.path), "the next command registers it")

        // A linked worktree's `.git` is a file naming the real git directory: not ours to edit.
        let linked = dir.sub("linked")
        try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
        try "gitdir: \(dir.path)/.git\n".write(toFile: linked + "/.git", atomically: false, encoding: .utf8)
        #expect(!MergeDriverConfig.registerIfMissing(workingDirectory: linked))
        // A config that is a symbolic link stays a link, and its target is not written.
        let shared = dir.sub("shared")
        try git(["init", "-q", shared], in: dir.path)
        let target = dir.path + "/shared-config"
        try FileManager.default.moveItem(atPath: shared + "/.git/config", toPath: target)
        try FileManager.default.createSymbolicLink(atPath: shared + "/.git/config", withDestinationPath: target)
        let targetText = try String(contentsOfFile: target, encoding: .utf8)
        #expect(!MergeDriverConfig.registerIfMissing(workingDirectory: shared))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == targetText)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: shared + "/.git/config") == target)

        let plain = dir.sub("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        #expect(!MergeDriverConfig.registerIfMissing(workingDirectory: plain))
        #expect(!FileManager.default.fileExists(atPath: plain + "/.git"))
    }

    @Test("the config's mode and the person's other lines and comments are kept")
    func keepsModeAndLines() throws {
        let dir = try gitScratch()
        try git(["init", "-q", dir.path], in: dir.path)
        let path = dir.path + "/.git/config"
        let mine = try config(dir.path) + "# my remote, with a token\n[remote \"origin\"]\n\turl = https://me:token@example.org/h.git\n"
        try mine.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        #expect(MergeDriverConfig.registerIfMissing(workingDirectory: dir.path))
        #expect(try config(dir.path).hasPrefix(mine), "what was there stays, byte for byte")
        #expect(try git(["config", "--get", "merge.habit.driver"], in: dir.path) == "habit merge-driver %O %A %B %P\n")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }
}
