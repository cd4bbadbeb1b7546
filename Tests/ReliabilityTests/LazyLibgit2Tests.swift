import Foundation
import Testing
import TestSupport

/// libgit2 is loaded on first use (Sources/CLibgit2): the commands that never touch git do not map
/// it, nor the fifteen libraries it needs, even on a git data directory; a command that uses git
/// does. Seen through the dynamic loader's own report (LD_DEBUG=files) of the real binary.
@Suite("libgit2 is loaded on first use", .serialized)
struct LazyLibgit2Tests {
    static func loadsLibgit2(_ arguments: [String], home: String, scratch: ScratchDirectory) throws -> (loaded: Bool, outcome: ProcessOutcome) {
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-22T10:00", "LD_DEBUG": "files"]
        let outcome = try ChildProcess(BuiltProduct.habit!, arguments, environment: environment, scratch: scratch.path).wait()
        return (outcome.err.contains("file=libgit2.so"), outcome)
    }

    /// What habit itself wrote to standard error, without the loader's report.
    static func ownErrors(_ outcome: ProcessOutcome) -> String {
        outcome.err.split(separator: "\n").filter { !$0.contains(":\t") }.joined(separator: "\n")
    }

    @Test("read-only commands on a git data directory never load libgit2; marks, log and status do")
    func onlyGitCommandsLoadLibgit2() throws {
        let scratch = try ScratchDirectory("lazy-git2")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        for setup in [["init"], ["category", "add", "Study"], ["add", "Read", "--category", "Study", "--daily"]] {
            let (_, outcome) = try Self.loadsLibgit2(setup, home: home, scratch: scratch)
            try #require(outcome.succeeded, "habit \(setup.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
        }
        for arguments in [["--version"], [], ["list"], ["stats"], ["show", "read"], ["cal"], ["week"], ["check"], ["list", "--json"]] {
            let (loaded, outcome) = try Self.loadsLibgit2(arguments, home: home, scratch: scratch)
            #expect(outcome.succeeded, "habit \(arguments.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
            #expect(!loaded, "habit \(arguments.joined(separator: " ")) loaded libgit2")
        }
        // A mark's commit is libgit2's: it is the one code that writes git's files.
        for arguments in [["done", "read"], ["undone", "read"], ["done", "read"]] {
            let (loaded, outcome) = try Self.loadsLibgit2(arguments, home: home, scratch: scratch)
            #expect(outcome.succeeded, "habit \(arguments.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
            #expect(loaded, "habit \(arguments.joined(separator: " ")) commits through libgit2")
        }
        let data = home + "/.local/share/habit"
        #expect(try GitCommandLine.run(["status", "--porcelain"], in: data) == "")
        #expect(try GitCommandLine.run(["log", "-3", "--format=%s"], in: data)
                == "done: Read 2026-11-22\nundone: Read 2026-11-22\ndone: Read 2026-11-22\n")
        #expect(try GitCommandLine.run(["fsck", "--strict", "--no-progress"], in: data).isEmpty)
        for arguments in [["log"], ["status"]] {
            let (loaded, outcome) = try Self.loadsLibgit2(arguments, home: home, scratch: scratch)
            #expect(outcome.succeeded, "habit \(arguments.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
            #expect(loaded, "habit \(arguments.joined(separator: " ")) uses git, so it loads libgit2")
        }
    }

    @Test("the first read-only command in a plain git clone registers the merge driver through libgit2; the next ones need no libgit2")
    func plainCloneGetsTheDriverWithoutLibgit2() throws {
        let scratch = try ScratchDirectory("lazy-git2-clone")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        for setup in [["init"], ["category", "add", "Study"], ["add", "Read", "--category", "Study", "--daily"]] {
            let (_, outcome) = try Self.loadsLibgit2(setup, home: home, scratch: scratch)
            try #require(outcome.succeeded, "habit \(setup.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
        }
        let clone = scratch.sub("clone")
        try GitCommandLine.run(["clone", "-q", home + "/.local/share/habit", clone], in: scratch.path)
        // libgit2 is the one writer of git's files: the command that finds the driver missing
        // loads it to write the config; the driver found, no read-only command loads it.
        for (arguments, loads) in [(["list"], true), (["stats"], false), (["list"], false)] {
            let (loaded, outcome) = try Self.loadsLibgit2(arguments + ["--dir", clone], home: home, scratch: scratch)
            #expect(outcome.succeeded, "habit \(arguments.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
            #expect(loaded == loads, "habit \(arguments.joined(separator: " ")) loaded libgit2: \(loaded)")
        }
        #expect(try GitCommandLine.run(["config", "--get", "merge.habit.driver"], in: clone) == "habit merge-driver %O %A %B %P\n")
        #expect(try GitCommandLine.run(["config", "--get", "merge.renames"], in: clone) == "false\n")
    }

    @Test("after marks made since a sync, `habit list` counts them for the offline note without libgit2")
    func offlineNoteWithoutLibgit2() throws {
        let scratch = try ScratchDirectory("lazy-git2-offline")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let remote = scratch.sub("remote.git")
        try GitCommandLine.run(["init", "-q", "--bare", "-b", "main", remote], in: scratch.path)
        for setup in [["init"], ["category", "add", "Study"], ["add", "Read", "--category", "Study", "--daily", "--start", "2026-11-01"],
                      ["remote", "set", remote], ["sync"]] {
            let (_, outcome) = try Self.loadsLibgit2(setup, home: home, scratch: scratch)
            try #require(outcome.succeeded, "habit \(setup.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
        }
        var notes: [String] = []
        for day in ["2026-11-20", "2026-11-21"] {
            let (_, marked) = try Self.loadsLibgit2(["done", "read", "--date", day], home: home, scratch: scratch)
            #expect(marked.succeeded, "habit done read --date \(day): \(marked.out)\(Self.ownErrors(marked))")
            let (loaded, outcome) = try Self.loadsLibgit2(["list"], home: home, scratch: scratch)
            #expect(outcome.succeeded, "habit list: \(outcome.out)\(Self.ownErrors(outcome))")
            #expect(!loaded, "habit list loaded libgit2")
            notes.append(Self.ownErrors(outcome))
        }
        #expect(notes == ["1 change not synced yet; run `habit sync`", "2 changes not synced yet; run `habit sync`"])
    }

    /// libgit2 parses the system's certificate authorities when it starts; habit defers that to
    /// the first https operation (Sources/CLibgit2/loader.c), which a local commit never makes.
    @Test("a local commit never opens the system's certificate authorities",
          .enabled(if: SyncKillTests.strace != nil, "strace is not installed"))
    func localCommitSkipsCertificateAuthorities() throws {
        let scratch = try ScratchDirectory("lazy-git2-ca")
        let home = scratch.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        for setup in [["init"], ["category", "add", "Study"], ["add", "Read", "--category", "Study", "--daily"]] {
            let (_, outcome) = try Self.loadsLibgit2(setup, home: home, scratch: scratch)
            try #require(outcome.succeeded, "habit \(setup.joined(separator: " ")): \(outcome.out)\(Self.ownErrors(outcome))")
        }
        let trace = scratch.sub("trace")
        let environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HABIT_NOW": "2026-11-22T10:00"]
        let outcome = try ChildProcess(SyncKillTests.strace!, ["-f", "-e", "trace=open,openat", "-o", trace,
                                                               BuiltProduct.habit!, "add", "Walk", "--category", "Study", "--daily"],
                                       environment: environment, scratch: scratch.path).wait()
        #expect(outcome.succeeded, "habit add Walk: \(outcome.out)\(outcome.err)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(calls.contains("libgit2.so"), "the commit of a new file loads libgit2")
        #expect(!calls.contains("/etc/ssl/certs/ca-certificates.crt"), "the commit read the certificate authorities")
    }
}
