import Foundation
import TestSupport
import Testing

/// The defects of a sync that could corrupt, each reproduced first (docs/sync-merge.md,
/// docs/reliability.md): marks that moved between trackers, invalid merge results, the other
/// machine's comments, a symbolic link pushed to the remote, clones made by `git clone`, stale
/// locks, a remote whose HEAD names master, and exit codes that did not match the disk.
@Suite(.serialized) struct SyncIntegrityTests {
    func twoMachines(_ world: SyncWorld) throws { try world.twoMachines(category: "H") }

    func expectHealthy(_ world: SyncWorld, _ machines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try world.expectHealthy(machines, sourceLocation: sourceLocation)
    }

    @Test("1: a mark never moves to a tracker nobody marked (no rename detection)")
    func marksStayWithTheirTracker() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("b", "done run --date 2026-11-22", "sync")
        world.succeed("a", "rm run --yes", "add Swim --category H --daily --start 2026-11-01", "done swim --date 2026-11-21")
        let merged = world.habit("a", "sync")
        #expect(merged.code == 0, "\(merged.err)")
        world.succeed("b", "sync")
        for machine in ["a", "b"] {
            let swim = world.file(machine, "trackers/swim.toml")
            #expect(!swim.contains("2026-11-22"), "\(machine): Run's mark stays with Run")
            #expect(swim.contains("2026-11-21 = true"))
            #expect(world.file(machine, "trackers/run.toml").contains("2026-11-22 = true"), "the marked tracker is kept")
        }
        #expect(world.tree("a") == world.tree("b"))
        // git's own merge, for a `git pull` by hand, has rename detection turned off too.
        #expect(try world.git("a", "config", "merge.renames") == "false\n")
        try expectHealthy(world, ["a", "b"])
    }

    @Test("1: a tracker removed and made again under its name never receives the old one's marks")
    func remadeTrackerKeepsOnlyItsOwnMarks() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("b", "done run --date 2026-11-21")
        world.succeed("a", "rm run --yes", "add Run --category H --days mon,tue --start 2026-11-10", "done run --date 2026-11-17", "sync")
        let merged = world.habit("b", "sync")
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.contains("moved to trackers/run-2.toml"), "\(merged.out)")
        world.succeed("a", "sync")
        for machine in ["a", "b"] {
            let remade = world.file(machine, "trackers/run.toml")
            #expect(remade.contains("2026-11-17 = true") && !remade.contains("2026-11-21"), "\(machine): \(remade)")
            let old = world.file(machine, "trackers/run-2.toml")
            #expect(old.contains("2026-11-21 = true") && !old.contains("2026-11-17"), "\(machine): \(old)")
            #expect(old.contains("name = \"Run (2)\""), "\(old)")
        }
        #expect(world.tree("a") == world.tree("b"))
        try expectHealthy(world, ["a", "b"])
    }

    @Test("a tracker removed on one machine is removed on the other, by a fast-forward and by a merge")
    func removalsTravel() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("a", "add Swim --category H --daily --start 2026-11-01", "sync")
        world.succeed("b", "sync")
        world.succeed("a", "rm run --yes", "sync")
        #expect(world.habit("b", "sync").code == 0, "a fast-forward")
        #expect(!FileManager.default.fileExists(atPath: world.directory("b") + "/trackers/run.toml"))
        #expect(world.tree("a") == world.tree("b"))
        try expectHealthy(world, ["b"])

        world.succeed("a", "rm swim --yes", "sync")
        world.succeed("b", "category add Other")
        let merged = world.habit("b", "sync")
        #expect(merged.out.hasPrefix("Merged"), "a merge: \(merged.out)")
        #expect(!FileManager.default.fileExists(atPath: world.directory("b") + "/trackers/swim.toml"))
        #expect(try GitCommandLine.run(["ls-tree", "--name-only", "main", "trackers/"], in: world.remote).isEmpty)
        world.succeed("a", "sync")
        #expect(world.tree("a") == world.tree("b"))
        try expectHealthy(world, ["a", "b"])
    }

    @Test("4: a merge never leaves the directory invalid: renamed and deleted categories, clashing names")
    func mergesStayValid() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("a", "category rename H Fitness", "add Walk --category Fitness --daily", "sync")
        #expect(world.habit("b", "category add Fitness").code == 0, "a name the other side just renamed to")
        world.succeed("b", "add Swim --category H --daily", "done swim")
        #expect(world.habit("b", "add walk --category H --days mon").code == 0, "a name the other side just added")
        let merged = world.habit("b", "sync")
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.contains("\"H\" was renamed \"Fitness\""))
        #expect(merged.out.contains("the one from this machine moved to trackers/walk-2.toml"), "\(merged.out)")
        #expect(merged.out.contains("(2)\""), "\(merged.out)")
        #expect(world.file("b", "trackers/walk-2.toml").contains("schedule = [\"mon\"]"), "b's walk kept its own definition")
        #expect(world.file("b", "trackers/walk.toml").contains("schedule = \"daily\""), "a's Walk kept its own definition")
        world.succeed("a", "sync")
        #expect(world.tree("a") == world.tree("b"))
        #expect(world.habit("a", "list").out.contains("Swim"), "Swim moved with its category and is listed")
        try expectHealthy(world, ["a", "b"])
        #expect(world.habit("a", "commit").code == 0 && world.habit("b", "sync").code == 0, "later syncs and commits work")
    }

    @Test("5: the other machine's comments survive a merge of the same file")
    func commentsOfBothSidesSurvive() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        try world.write("a", "trackers/run.toml", world.file("a", "trackers/run.toml")
            .replacingOccurrences(of: "category = \"H\"", with: "# from a: slow pace\ncategory = \"H\"  # a's category note"))
        world.succeed("a", "done run --date 2026-11-20", "sync")
        try world.write("b", "trackers/run.toml", world.file("b", "trackers/run.toml")
            .replacingOccurrences(of: "[log]", with: "# b's log, kept by hand\n[log]"))
        world.succeed("b", "done run --date 2026-11-21", "sync")
        let merged = world.file("b", "trackers/run.toml")
        #expect(merged.contains("# from a: slow pace\ncategory = \"H\"  # a's category note"), "\(merged)")
        #expect(merged.contains("# b's log, kept by hand"))
        #expect(merged.contains("2026-11-20 = true") && merged.contains("2026-11-21 = true"))
        try expectHealthy(world, ["b"])
    }

    @Test("3: a symbolic link or a submodule pushed to the remote is refused before anything is written")
    func linksFromTheRemoteAreRefused() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let other = world.root + "/other"
        try GitCommandLine.run(["clone", "-q", world.remote, other], in: world.root)
        try GitCommandLine.run(["rm", "-rq", "trackers"], in: other)
        try FileManager.default.createSymbolicLink(atPath: other + "/trackers", withDestinationPath: "../victim/.config/foo")
        try GitCommandLine.run(["add", "-A"], in: other)
        try GitCommandLine.run(["commit", "-qm", "hostile"], in: other)
        try GitCommandLine.run(["push", "-q"], in: other)
        let before = world.tree("a")
        let refused = world.habit("a", "sync")
        #expect(refused.code == 1)
        #expect(refused.err.contains("a symbolic link at trackers"), "\(refused.err)")
        #expect(world.tree("a") == before, "nothing written")
        #expect(!FileManager.default.fileExists(atPath: world.root + "/victim"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: world.directory("a") + "/trackers", isDirectory: &isDirectory) && isDirectory.boolValue)
        // A later change still writes only inside the data directory.
        world.succeed("a", "done run")
        #expect(!FileManager.default.fileExists(atPath: world.root + "/victim"))
    }

    @Test("6: a clone made with plain git clone works: a change registers the merge driver, sync finishes a git pull")
    func plainGitClone() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        try GitCommandLine.run(["clone", "-q", world.remote, world.directory("c")], in: world.root)
        world.succeed("c", "list", "done run --date 2026-11-20")
        #expect(try world.git("c", "config", "--get", "merge.habit.driver") == "habit merge-driver %O %A %B %P\n")
        world.succeed("c", "sync")
        try expectHealthy(world, ["c"])
    }

    @Test("7: stale git locks (a killed sync's remote-tracking ref, a path remote's ref) are recovered")
    func staleLocksAreRecovered() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let lock = world.directory("b") + "/.git/refs/remotes/origin/main.lock"
        try writeFile("", to: lock)
        let remoteLock = world.remote + "/refs/heads/main.lock"
        try writeFile("", to: remoteLock)
        let past = Date().addingTimeInterval(-60)
        for path in [lock, remoteLock] { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path) }
        world.succeed("b", "done run --date 2026-11-20")
        let synced = world.habit("b", "sync")
        #expect(synced.code == 0, "\(synced.err)")
        #expect(!FileManager.default.fileExists(atPath: lock) && !FileManager.default.fileExists(atPath: remoteLock))
        #expect(try GitCommandLine.run(["log", "-1", "--format=%s", "main"], in: world.remote).contains("done: Run 2026-11-20"))
    }

    @Test("9: a bare remote whose HEAD names master is followed, so git clone of it checks the data out")
    func remoteHeadNamingMaster() throws {
        let world = try SyncWorld()
        let bare = world.root + "/plain.git"
        try GitCommandLine.run(["init", "-q", "--bare", bare], in: world.root)
        try GitCommandLine.run(["--git-dir", bare, "symbolic-ref", "HEAD", "refs/heads/master"], in: world.root)
        #expect(world.habit("a", ["init", "--remote", bare]).code == 0)
        world.succeed("a", "category add H", "sync")
        #expect(try world.git("a", "branch", "--show-current") == "master\n")
        try GitCommandLine.run(["clone", "-q", bare, world.root + "/checkout"], in: world.root)
        #expect(FileManager.default.fileExists(atPath: world.root + "/checkout/habit.toml"), "git clone checks the data out")
        #expect(world.habit("b", ["init", "--remote", bare]).code == 0)
        #expect(world.file("b", "habit.toml").contains("\"H\""))
    }

    @Test("10: a commit that fails is undone, with a non-zero status and the reason; status reports a damaged index")
    func exitCodesMatchTheDisk() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let before = world.file("a", "trackers/run.toml")
        let failed = try world.binary("a", ["done", "run"], extra: ["HABIT_TEST_FAIL_AT": "commit"])
        #expect(failed.status == 1)
        #expect(failed.err.contains("could not be recorded in git, so it was undone"), "\(failed.err)")
        #expect(world.file("a", "trackers/run.toml") == before)
        #expect(try world.git("a", "status", "--porcelain") == "")

        let indexFailure = try world.binary("a", ["done", "run"], extra: ["HABIT_TEST_FAIL_AT": "index"])
        #expect(indexFailure.status == 1)
        #expect(world.file("a", "trackers/run.toml") == before, "put back as it was")
        #expect(world.habit("a", "done run").code == 0, "the next attempt works")

        try writeFile("not an index", to: world.directory("a") + "/.git/index")
        let damaged = world.habit("a", "done run --date 2026-11-21")
        #expect(damaged.code == 1, "\(damaged.out)")
        #expect(!world.file("a", "trackers/run.toml").contains("2026-11-21"), "nothing kept that was not committed")
        #expect(world.habit("a", "status").out.contains("git reports a problem"))
    }
}
