import Foundation
import Synchronization
import Testing
import TestSupport

/// habit's changes on a repository people also touch with the git CLI (issue 35), run as the real
/// binary: many writers beside `git commit` and `git gc` loops, a seeded interleaving with git
/// commands checked against what `git commit -a` would have made, the executable bit and an octal
/// `core.sharedRepository`.
@Suite("Beside the git CLI", .serialized)
struct GitNeighbourTests {
    struct World {
        let scratch: ScratchDirectory
        var data: String { scratch.sub("data") }
        var environment: [String: String] {
            GitCommandLine.environment.merging(["HABIT_DIR": data, "HABIT_NOW": "2026-11-22T10:00", "LANG": "C.UTF-8", "NO_COLOR": "1"]) { $1 }
        }

        init(_ name: String) throws {
            scratch = try ScratchDirectory(name)
            for setup in [["init"], ["category", "add", "Study"], ["add", "Read", "--category", "Study", "--daily", "--start", "2026-09-01"]] {
                let outcome = habit(setup)
                try #require(outcome.succeeded, "habit \(setup.joined(separator: " ")): \(outcome.all)")
            }
        }

        func habit(_ arguments: [String]) -> ProcessOutcome {
            guard let binary = BuiltProduct.habit,
                  let child = try? ChildProcess(binary, arguments, environment: environment, scratch: scratch.path) else {
                return ProcessOutcome(status: -1, signal: nil, out: "", err: "could not start habit")
            }
            return child.wait(timeout: 60)
        }

        @discardableResult
        func git(_ arguments: String..., environment extra: [String: String] = [:], allowFailure: Bool = false) throws -> String {
            var output = try GitCommandLine.run(arguments, in: data, environment: extra, allowFailure: allowFailure)
            if output.hasSuffix("\n") { output.removeLast() }
            return output
        }

        /// A shell loop running `command` in the data directory until `stop` exists, printing the
        /// number of each run that exited 0.
        func loop(_ name: String, _ command: String) throws -> (ChildProcess, stop: String) {
            let stop = scratch.sub("stop-" + name)
            let script = scratch.sub(name + ".sh")
            try """
            #!/bin/sh
            cd '\(data)' || exit 1
            n=0
            while [ ! -e '\(stop)' ]; do
              n=$((n+1))
              if \(command) >/dev/null 2>&1; then echo "$n"; fi
            done
            """.write(toFile: script, atomically: true, encoding: .utf8)
            return (try ChildProcess("/bin/sh", [script], environment: GitCommandLine.environment, scratch: scratch.path), stop)
        }

        func expectClean(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try git("status", "--porcelain") == "", "\(label): git status", sourceLocation: sourceLocation)
            #expect(try git("fsck", "--strict", "--no-progress", "--no-dangling") == "", "\(label): fsck", sourceLocation: sourceLocation)
        }
    }

    /// The day `offset` days after 2026-10-01, as habit writes it.
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: 2026, month: 10, day: 1))!
        let parts = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: offset, to: start)!)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    static func occurrences(of day: String, in text: String) -> Int {
        text.split(separator: "\n").filter { $0.hasPrefix(day + " =") }.count
    }

    @Test("20 writers beside a `git commit` loop and a `git gc` loop: each acknowledged change in HEAD once, every git commit kept, fsck clean")
    func twentyWriters() throws {
        let world = try World("neighbour-writers")
        let (commits, stopCommits) = try world.loop("commit", "git commit -q --allow-empty -m \"loop $n\"")
        // Not --prune=now: that deletes objects any writer (git commit too) has written but not yet
        // referenced; git's own default keeps them, and still removes the folders it empties.
        let (collections, stopCollections) = try world.loop("gc", "git gc --quiet")
        let results = Mutex<[(String, ProcessOutcome)]>([])
        DispatchQueue.concurrentPerform(iterations: 20) { writer in
            let day = Self.day(writer)
            let outcome = world.habit(["done", "read", "--date", day])
            results.withLock { $0.append((day, outcome)) }
        }
        for stop in [stopCommits, stopCollections] { _ = FileManager.default.createFile(atPath: stop, contents: nil) }
        let looped = commits.wait(timeout: 60)
        _ = collections.wait(timeout: 120)
        let file = readFile(world.data + "/trackers/read.toml")
        let head = try world.git("show", "HEAD:trackers/read.toml")
        var acknowledged = 0
        for (day, outcome) in results.withLock({ $0 }) {
            if outcome.succeeded {
                acknowledged += 1
                #expect(Self.occurrences(of: day, in: head) == 1, "\(day) acknowledged but not once in HEAD")
                #expect(Self.occurrences(of: day, in: file) == 1, "\(day) acknowledged but not once in the file")
            } else {
                #expect(!outcome.err.contains("HabitKit.") && !outcome.err.contains("git(detail:"), "a Swift value: \(outcome.err)")
                #expect(Self.occurrences(of: day, in: head) == 0, "\(day) refused but in HEAD: \(outcome.err)")
            }
        }
        #expect(acknowledged >= 5, "changes get through: \(acknowledged) of 20")
        let messages = Set(try world.git("log", "--format=%s").split(separator: "\n").map(String.init))
        for number in looped.out.split(separator: "\n") {
            #expect(messages.contains("loop \(number)"), "git's loop \(number) exited 0 but is not on the branch")
        }
        try world.expectClean("after the writers")
    }

    /// What `git commit -a` would commit from the working tree as it is: its tree, built in a
    /// scratch index from HEAD's.
    static func treeOfCommitAll(_ world: World) throws -> String {
        let index = ["GIT_INDEX_FILE": world.scratch.sub("commit-all-index")]
        try world.git("read-tree", "HEAD^", environment: index)
        try world.git("add", "-A", environment: index)
        return try world.git("write-tree", environment: index)
    }

    @Test("a seeded interleaving of habit's changes with git commit, checkout, gc and config edits: each commit the one `git commit -a` would make",
          arguments: [UInt64(35), 2026])
    func interleaving(seed: UInt64) throws {
        let world = try World("neighbour-interleaving")
        var random = SeededGenerator(seed: seed)
        var done: Set<String> = []
        for step in 0..<36 {
            let label = "seed \(seed), step \(step)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let day = Self.day(Int.random(in: 0..<20, using: &random))
                let marking = !done.contains(day)
                let before = try world.git("rev-parse", "HEAD")
                let outcome = world.habit([marking ? "done" : "undone", "read", "--date", day])
                try #require(outcome.succeeded, "\(label): \(outcome.all)")
                if marking { done.insert(day) } else { done.remove(day) }
                // The commit git would make: HEAD's parent the commit before, its tree what
                // `git commit -a` stores for the files as they are, the working tree clean.
                #expect(try world.git("rev-parse", "HEAD^") == before, "\(label): parent")
                #expect(try world.git("rev-parse", "HEAD^{tree}") == Self.treeOfCommitAll(world), "\(label): tree")
                #expect(try world.git("status", "--porcelain") == "", "\(label): status")
            case 5:
                try world.git("commit", "-q", "--allow-empty", "-m", "by git \(step)")
            case 6:
                try world.git("checkout", "--", "trackers/read.toml")
            case 7:
                try world.git("gc", "--quiet")
            case 8:
                let (key, values) = [("core.fileMode", ["true", "false"]), ("gc.auto", ["0", "6700"]), ("user.name", ["Ann", "Bo"]),
                                     ("core.sharedRepository", ["umask", "group"])].randomElement(using: &random)!
                try world.git("config", key, values.randomElement(using: &random)!)
            default:
                // A hand edit committed with git itself, which habit then builds on.
                try world.git("commit", "-q", "-a", "--allow-empty", "-m", "git commit -a \(step)")
            }
            let head = try world.git("show", "HEAD:trackers/read.toml")
            for offset in 0..<20 {
                let day = Self.day(offset)
                #expect(Self.occurrences(of: day, in: head) == (done.contains(day) ? 1 : 0), "\(label): \(day)")
            }
        }
        try world.expectClean("seed \(seed)")
    }

    @Test("a tracker file made executable keeps mode 100755 in the commit, as `git commit -a` records it")
    func executableBitKept() throws {
        let world = try World("neighbour-executable")
        chmod(world.data + "/trackers/read.toml", 0o755)
        try world.git("commit", "-q", "-a", "-m", "executable")
        let outcome = world.habit(["done", "read", "--date", "2026-11-20"])
        try #require(outcome.succeeded, "\(outcome.all)")
        #expect(try world.git("ls-tree", "HEAD", "trackers/read.toml").hasPrefix("100755 "))
        #expect(try world.git("rev-parse", "HEAD^{tree}") == Self.treeOfCommitAll(world))
        try world.expectClean("executable")
    }

    @Test("an octal `core.sharedRepository` (0660, 0640) gives what a change creates git's modes", arguments: [0o660, 0o640])
    func octalSharedRepository(mode: Int) throws {
        let world = try World("neighbour-shared")
        try world.git("config", "core.sharedRepository", "0" + String(mode, radix: 8))
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: world.data + "/.git/objects"))
        let outcome = world.habit(["done", "read", "--date", "2026-11-20"])
        try #require(outcome.succeeded, "\(outcome.all)")
        func permissions(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: world.data + "/.git/" + path)[.posixPermissions] as? Int) & 0o777
        }
        let blob = try world.git("rev-parse", "HEAD:trackers/read.toml")
        // As git's adjust_shared_perm: files exactly the mode (objects without write), folders
        // the read bits as search bits too.
        #expect(try permissions("objects/" + blob.prefix(2) + "/" + blob.dropFirst(2)) == mode & 0o444)
        for folder in Set(try FileManager.default.contentsOfDirectory(atPath: world.data + "/.git/objects")).subtracting(before) {
            #expect(try permissions("objects/" + folder) == mode | (mode & 0o444) >> 2, "objects/\(folder)")
        }
        #expect(try permissions("index") == mode)
        try world.expectClean("shared \(String(mode, radix: 8))")
    }

    @Test("`habit done` with commit.gpgsign and an ssh key made here: git verify-commit HEAD passes")
    func signedWithSSH() throws {
        let world = try World("neighbour-signed")
        let key = world.scratch.sub("id_ed25519")
        let keygen = try ChildProcess("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "signer", "-f", key],
                                      environment: GitCommandLine.environment, scratch: world.scratch.path).wait(timeout: 30)
        try #require(keygen.succeeded, "\(keygen.all)")
        try world.git("config", "commit.gpgsign", "true")
        try world.git("config", "gpg.format", "ssh")
        try world.git("config", "user.signingkey", key)
        let outcome = world.habit(["done", "read", "--date", "2026-11-20"])
        try #require(outcome.succeeded, "\(outcome.all)")
        let allowed = world.scratch.sub("allowed-signers")
        try (try world.git("log", "-1", "--format=%ce") + " " + String(contentsOfFile: key + ".pub", encoding: .utf8))
            .write(toFile: allowed, atomically: true, encoding: .utf8)
        try world.git("config", "gpg.ssh.allowedSignersFile", allowed)
        try world.git("verify-commit", "HEAD")
        #expect(try world.git("reflog", "-1", "--format=%gs", "HEAD") == "commit: done: Read 2026-11-20")
        try world.expectClean("signed")
    }
}
