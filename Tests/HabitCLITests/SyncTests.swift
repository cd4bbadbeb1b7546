import Foundation
import TestSupport
import Testing

/// Sync against real repositories: a bare remote on disk, `git daemon` on 127.0.0.1, and the git CLI.
@Suite(.serialized) struct SyncTests {
    func twoMachines(_ world: SyncWorld, remote: String? = nil) throws { try world.twoMachines(remote: remote) }

    func expectHealthy(_ world: SyncWorld, _ machines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try world.expectHealthy(machines, sourceLocation: sourceLocation)
    }

    @Test func firstSyncToAnEmptyRemoteAndClone() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        #expect(world.tree("a") == world.tree("b"))
        #expect(try GitCommandLine.run(["log", "--format=%s", "main"], in: world.remote).contains("add: Run (Health)"))
        #expect(world.habit("b", "list").out.contains("Run"))
        try expectHealthy(world, ["a", "b"])
    }

    @Test func initIntoAnEmptyRemotePushesTheNewDirectory() throws {
        let world = try SyncWorld()
        let result = world.habit("a", ["init", "--remote", world.remote])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("The remote was empty"))
        #expect(try GitCommandLine.run(["ls-tree", "--name-only", "main"], in: world.remote).contains("habit.toml"))
    }

    @Test func cloningSomethingElseIsRefusedAndLeavesNothing() throws {
        let world = try SyncWorld()
        let other = world.root + "/other"
        try GitCommandLine.run(["init", "-q", "-b", "main", other], in: world.root)
        try "hello".write(toFile: other + "/README", atomically: false, encoding: .utf8)
        try GitCommandLine.run(["add", "README"], in: other)
        try GitCommandLine.run(["commit", "-q", "-m", "readme"], in: other)
        let result = world.habit("a", ["init", "--remote", other])
        #expect(result.code == 1)
        #expect(result.err.contains("is not a habit repository"))
        #expect(!FileManager.default.fileExists(atPath: world.directory("a") + "/README"))
    }

    @Test func fastForward() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("a", "done run")
        #expect(world.habit("a", "sync").out == "Sent 1 change.\n")
        #expect(world.habit("b", "sync").out == "Received 1 change.\n")
        #expect(world.file("b", "trackers/run.toml").contains("2026-11-22 = true"))
        #expect(world.habit("b", "sync").out == "Already in sync.\n")
        try expectHealthy(world, ["a", "b"])
    }

    @Test func sameTrackerDifferentDaysOnTwoMachines() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("a", "done run --date 2026-11-20")
        world.succeed("b", "done run --date 2026-11-21", "done run --date 2026-11-19")
        world.succeed("a", "sync")
        let merged = world.habit("b", "sync")
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.hasPrefix("Merged 1 change from elsewhere with 2 changes from here"))
        world.succeed("a", "sync")
        let log = world.file("a", "trackers/run.toml")
        #expect(log.contains("[log]\n2026-11-19 = true\n2026-11-20 = true\n2026-11-21 = true\n"))
        #expect(world.tree("a") == world.tree("b"))
        let graph = try world.git("a", "log", "--graph", "--oneline")
        #expect(graph.contains("sync: merge changes from another machine"))
        try expectHealthy(world, ["a", "b"])
    }

    @Test func sameDayMarkedOnBothMachines() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.steps("a: done run", "b: done run", "a: sync", "b: sync", "a: sync")
        #expect(world.file("a", "trackers/run.toml").components(separatedBy: "2026-11-22 = true").count == 2, "one line, not two")
        #expect(world.tree("a") == world.tree("b"))
        try expectHealthy(world, ["a", "b"])
    }

    @Test func trackerAddedOnOneSideAndEditedOnTheOther() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("a", "add Read --category Health --daily")
        #expect(world.habit("b", ["edit", "run", "--emoji", "🏃"]).code == 0)
        world.steps("b: done run", "a: sync", "b: sync", "a: sync")
        for machine in ["a", "b"] {
            #expect(world.file(machine, "trackers/read.toml").contains("name = \"Read\""))
            #expect(world.file(machine, "trackers/run.toml").contains("emoji = \"🏃\""))
        }
        #expect(world.tree("a") == world.tree("b"))
    }

    @Test func fieldChangedOnBothSidesTakesTheRemoteValueAndSaysSo() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.succeed("a", "edit run --name Jog")
        #expect(world.habit("b", ["edit", "run", "--name", "Sprint"]).code == 0)
        world.succeed("a", "sync")
        let merged = world.habit("b", "sync")
        #expect(merged.code == 0, "\(merged.err)")
        #expect(merged.out.contains("name"), "the note names the field: \(merged.out)")
        #expect(world.file("b", "trackers/run.toml").contains("name = \"Jog\""), "the remote's value wins")
    }

    @Test func trackerDeletedOnOneSideAndMarkedOnTheOtherIsKept() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        world.steps("a: rm run --yes", "b: done run", "a: sync")
        let merged = world.habit("b", "sync")
        #expect(merged.code == 0, "\(merged.err)")
        #expect(world.file("b", "trackers/run.toml").contains("2026-11-22 = true"), "the completion survives")
        world.succeed("a", "sync")
        #expect(world.tree("a") == world.tree("b"))
    }

    @Test func handEditsAreCommittedBySyncAfterValidation() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let path = "trackers/run.toml"
        try world.write("a", path, world.file("a", path).replacingOccurrences(of: "name = \"Run\"", with: "name = \"Run\" # by hand"))
        let result = world.habit("a", "sync")
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("Committed your edits: trackers/run.toml"))
        world.succeed("b", "sync")
        #expect(world.file("b", path).contains("# by hand"))
    }

    @Test func aBrokenFileRefusesToCommitAndNothingMoves() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let path = "trackers/run.toml"
        try world.write("a", path, world.file("a", path) + "2026-11-05 = maybe\n")
        let head = try world.git("a", "rev-parse", "HEAD")
        let remoteHead = try GitCommandLine.run(["rev-parse", "main"], in: world.remote)
        let result = world.habit("a", "sync")
        #expect(result.code == 1)
        #expect(result.err.contains("trackers/run.toml:"), "file:line:col: \(result.err)")
        #expect(try world.git("a", "rev-parse", "HEAD") == head)
        #expect(try GitCommandLine.run(["rev-parse", "main"], in: world.remote) == remoteHead)
        #expect(world.habit("a", "commit").code == 1)
    }

    @Test func unreachableRemoteKeepsEverythingAndShowsTheNote() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let port = try SilentListener().port  // bound then closed: nothing listens there now
        #expect(world.habit("a", ["remote", "set", "git://127.0.0.1:\(port)/remote.git"]).code == 0)
        world.succeed("a", "done run")
        let failed = world.habit("a", "sync")
        #expect(failed.code == 1)
        #expect(failed.err.contains("Could not reach git://127.0.0.1:"))
        #expect(failed.err.contains("Your changes are safe here"))
        let list = world.habit("a", "list")
        #expect(list.err.hasPrefix("1 change not synced yet: remote unreachable"))
        #expect(list.out.contains("Run"))
        #expect(world.file("a", "trackers/run.toml").contains("2026-11-22 = true"))
        #expect(world.habit("a", ["remote", "set", world.remote]).code == 0)
        world.succeed("a", "sync")
        #expect(world.habit("a", "list").err.isEmpty, "the note is gone")
        world.succeed("b", "sync")
        #expect(world.file("b", "trackers/run.toml").contains("2026-11-22 = true"))
    }

    @Test func silentRemoteIsGivenUpOnInBoundedTime() throws {
        let world = try SyncWorld()
        try twoMachines(world)
        let silent = try SilentListener()
        #expect(world.habit("a", ["remote", "set", "git://127.0.0.1:\(silent.port)/remote.git"]).code == 0)
        let start = Date()
        let result = world.habit("a", ["sync", "--timeout", "1"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.code == 1)
        #expect(result.err.lowercased().contains("time") || result.err.contains("answer"), "\(result.err)")
        #expect(elapsed < 20, "bounded: \(elapsed) s")
        withExtendedLifetime(silent) {}
    }

    @Test func pushRejectedByTheServerIsReportedInWords() throws {
        // Hooks run only behind a server (receive-pack); a path remote is written directly.
        let world = try SyncWorld()
        let daemon = try GitDaemon(basePath: world.root)
        defer { withExtendedLifetime(daemon) {} }
        try twoMachines(world, remote: daemon.url("remote.git"))
        let hook = world.remote + "/hooks/pre-receive"
        try "#!/bin/sh\necho 'pushes are closed today' >&2\nexit 1\n".write(toFile: hook, atomically: false, encoding: .utf8)
        chmod(hook, 0o755)
        world.succeed("a", "done run")
        let result = world.habit("a", "sync")
        #expect(result.code == 1)
        #expect(result.err.contains("refused") || result.err.contains("rejected"), "\(result.err)")
        #expect(!result.err.contains("-1"), "no bare libgit2 code")
        #expect(world.habit("a", "list").err.contains("not synced yet"))
    }

    @Test func overGitDaemonAndWithTheGitCLI() throws {
        let world = try SyncWorld()
        let daemon = try GitDaemon(basePath: world.root)
        try twoMachines(world, remote: daemon.url("remote.git"))
        world.succeed("a", "done run", "sync")
        // A commit made with the git CLI in another clone syncs in.
        let other = world.root + "/cli"
        try GitCommandLine.run(["clone", "-q", world.remote, other], in: world.root)
        try (try String(contentsOfFile: other + "/trackers/run.toml", encoding: .utf8))
            .replacingOccurrences(of: "2026-11-22 = true", with: "2026-11-21 = true\n2026-11-22 = true")
            .write(toFile: other + "/trackers/run.toml", atomically: false, encoding: .utf8)
        try GitCommandLine.run(["commit", "-q", "-am", "by hand with git"], in: other)
        try GitCommandLine.run(["push", "-q"], in: other)
        world.succeed("b", "done run --date 2026-11-20")
        let result = world.habit("b", "sync")
        #expect(result.code == 0, "\(result.err)")
        #expect(world.file("b", "trackers/run.toml").contains("2026-11-20 = true\n2026-11-21 = true\n2026-11-22 = true"))
        try expectHealthy(world, ["a", "b"])
        withExtendedLifetime(daemon) {}
    }

    @Test func progressIsShownOnATerminalOnly() throws {
        let world = try SyncWorld()
        let daemon = try GitDaemon(basePath: world.root)
        try twoMachines(world, remote: daemon.url("remote.git"))
        for day in 2...21 { #expect(world.habit("a", ["done", "run", "--date", "2026-11-\(day < 10 ? "0" : "")\(day)"]).code == 0) }
        let piped = world.habit("a", "sync")
        #expect(piped.code == 0)
        #expect(!piped.err.contains("Sending") && !piped.err.contains("\r"), "no progress into a pipe")
        #expect(world.habit("b", ["sync"], terminal: true).err.contains("Receiving: "), "progress on a terminal")
        withExtendedLifetime(daemon) {}
    }

    /// Three machines do random commands and syncs through the daemon; in the end every machine and
    /// the remote hold the same tree, and every completion made and not later removed is there.
    @Test func convergence() throws {
        let world = try SyncWorld()
        let daemon = try GitDaemon(basePath: world.root)
        try twoMachines(world, remote: daemon.url("remote.git"))
        #expect(world.habit("c", ["init", "--remote", daemon.url("remote.git")]).code == 0)
        let machines = ["a", "b", "c"]
        var random = SeededGenerator(seed: 42)
        // The intended mark of each day, as last set by any machine (days are distinct per machine so
        // that "last" is well defined without a global clock).
        var expected: [String: String] = [:]
        var steps = 0
        for _ in 0..<240 {
            let machine = machines[Int.random(in: 0..<3, using: &random)]
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 6 {
                // Each machine owns every third day of the tracker's 21 days, so its marks never race.
                let slot = Int.random(in: 0..<7, using: &random) * 3 + machines.firstIndex(of: machine)!
                let day = civil(daysBefore: slot)
                let undo = Int.random(in: 0..<4, using: &random) == 0
                let result = world.habit(machine, [undo ? "undone" : "done", "run", "--date", day])
                #expect(result.code == 0, "\(result.err)")
                expected[day] = undo ? nil : "true"
            } else {
                let result = world.habit(machine, "sync")
                #expect(result.code == 0, "\(machine) sync: \(result.err)")
            }
            steps += 1
        }
        for _ in 0..<2 { for machine in machines { #expect(world.habit(machine, "sync").code == 0) } }
        let reference = world.tree("a")
        for machine in machines { #expect(world.tree(machine) == reference, "\(machine) converged") }
        let remoteFile = try GitCommandLine.run(["show", "main:trackers/run.toml"], in: world.remote)
        #expect(remoteFile == reference["trackers/run.toml"])
        for (day, _) in expected { #expect(remoteFile.contains("\(day) = true"), "\(day) kept") }
        let marked = remoteFile.split(separator: "\n").filter { $0.hasPrefix("20") }.count
        #expect(marked == expected.count, "no completion appears that was removed")
        try expectHealthy(world, machines)
        print("convergence: \(steps) steps over 3 machines, \(expected.count) days marked")
        withExtendedLifetime(daemon) {}
    }

    private func civil(daysBefore offset: Int) -> String {
        var components = DateComponents()
        components.year = 2026; components.month = 11; components.day = 22 - offset
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: components)!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}
