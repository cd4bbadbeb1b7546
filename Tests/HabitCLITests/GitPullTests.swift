import Foundation
import Testing
import TestSupport

/// The merge driver registered by `habit init` gives a `git pull` made by hand the same result as
/// `habit sync`.
@Suite struct GitPullTests {
    /// The directory holding the `habit` executable built next to this test bundle.
    static var binaryDirectory: String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("habit").path) { return candidate.path }
        }
        return nil
    }

    @Test(.enabled(if: binaryDirectory != nil, "the habit executable is not built next to the tests"))
    func gitPullByHandUsesHabitsMerge() throws {
        let world = try SyncWorld()
        #expect(world.habit("a", "init").code == 0)
        #expect(world.habit("a", "category add Health").code == 0)
        #expect(world.habit("a", ["add", "Run", "--category", "Health", "--daily", "--start", "2026-11-01"]).code == 0)
        #expect(world.habit("a", ["remote", "set", world.remote]).code == 0)
        #expect(world.habit("a", "sync").code == 0)
        #expect(world.habit("b", ["init", "--remote", world.remote]).code == 0)
        #expect(try world.git("b", "config", "merge.habit.driver").contains("habit merge-driver"))
        #expect(world.file("b", ".gitattributes").contains("trackers/*.toml merge=habit"))

        // Adjacent lines in the same spot: git's line merge would conflict.
        #expect(world.habit("a", "done run --date 2026-11-20").code == 0)
        #expect(world.habit("a", "sync").code == 0)
        #expect(world.habit("b", "done run --date 2026-11-21").code == 0)
        let output = try GitCommandLine.run(["pull", "--no-rebase", "--no-edit", "-q"], in: world.directory("b"),
                                    extraPath: Self.binaryDirectory!, allowFailure: true)
        #expect(!output.contains("CONFLICT"), "\(output)")
        let file = world.file("b", "trackers/run.toml")
        #expect(file.contains("[log]\n2026-11-20 = true\n2026-11-21 = true\n"), "\(file)")
        #expect(!file.contains("<<<<<<<"))
        #expect(try world.git("b", "status", "--porcelain") == "")
        #expect(world.habit("b", "check").code == 0)
    }

    /// git never clones config: a clone made by plain `git clone` gets the driver from its first
    /// `habit` command of any kind, here one that only reads, so the next `git pull` by hand merges.
    @Test(.enabled(if: binaryDirectory != nil, "the habit executable is not built next to the tests"))
    func plainGitCloneGetsTheDriverFromAReadOnlyFirstCommand() throws {
        let world = try SyncWorld()
        try world.twoMachines()
        try GitCommandLine.run(["clone", "-q", world.remote, world.directory("c")], in: world.root)
        func config(_ key: String) throws -> String {
            try GitCommandLine.run(["config", "--get", key], in: world.directory("c"), allowFailure: true)
        }
        #expect(try config("merge.habit.driver") == "", "a plain clone starts without the driver")
        let list = world.habit("c", "list")
        #expect(list.code == 0, "\(list.err)")
        #expect(try config("merge.habit.driver") == "habit merge-driver %O %A %B %P\n")
        #expect(try config("merge.renames") == "false\n")

        // Both sides append to the end of the same file: git's line merge would conflict. The clone
        // changes its file by hand and commits with git, so no habit command writes there.
        #expect(world.habit("a", "done run --date 2026-11-20").code == 0)
        #expect(world.habit("a", "sync").code == 0)
        let before = world.file("c", "trackers/run.toml")
        try world.write("c", "trackers/run.toml", before + (before.contains("[log]") ? "" : "\n[log]\n") + "2026-11-21 = true\n")
        _ = try world.git("c", "commit", "-q", "-am", "by hand")
        let output = try GitCommandLine.run(["pull", "--no-rebase", "--no-edit", "-q"], in: world.directory("c"),
                                            extraPath: Self.binaryDirectory!, allowFailure: true)
        #expect(!output.contains("CONFLICT"), "\(output)")
        let file = world.file("c", "trackers/run.toml")
        #expect(file.contains("2026-11-20 = true\n2026-11-21 = true\n"), "\(file)")
        #expect(!file.contains("<<<<<<<"))
        #expect(try world.git("c", "status", "--porcelain") == "")
        #expect(world.habit("c", "check").code == 0)
    }
}
