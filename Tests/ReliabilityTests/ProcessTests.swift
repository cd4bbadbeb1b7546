import Foundation
import TOML
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Real `habit` processes killed at random moments, run side by side, and killed while holding the
/// lock. Serialized: each of these wants both cores to itself so that its timing means something.
@Suite("Processes: kills, concurrency, stale locks", .serialized)
struct ProcessTests {
    /// The log of a tracker file as date → value text, nil when the file does not parse.
    static func log(_ bytes: [UInt8]?) -> [String: TOMLValue]? {
        guard let bytes, case .success(let document) = TOMLDocument.parse(bytes) else { return nil }
        guard case .table(let log)? = document.root["log"] else { return [:] }
        return Dictionary(uniqueKeysWithValues: log.map { ($0.key, $0.value) })
    }

    static func day(_ offset: Int) -> String {
        // Days from 2025-01-01 (the tracker's start); HABIT_NOW is 2026-11-22, 690 days later.
        var components = DateComponents()
        components.year = 2025
        components.month = 1
        components.day = 1 + offset
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: components)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// Checks what must hold of a directory whatever happened to its writers.
    static func expectConsistent(_ directory: HabitDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let check = directory.run(["check"])
        #expect(check.succeeded, "habit check: \(check.all)", sourceLocation: sourceLocation)
        let fsck = try ChildProcess("/usr/bin/git", ["-C", directory.path, "fsck", "--strict", "--no-progress"], environment: directory.environment,
                             scratch: directory.scratch.path).wait()
        #expect(fsck.succeeded, "git fsck --strict: \(fsck.all)", sourceLocation: sourceLocation)
        let merges = try directory.git(["rev-list", "--min-parents=2", "HEAD"])
        #expect(merges.isEmpty, "history is not linear: \(merges)", sourceLocation: sourceLocation)
    }

    // MARK: - Kills

    @Test("SIGKILL at random moments loses no acknowledged change and breaks no file or repository")
    func randomKills() throws {
        let directory = try HabitDirectory(label: "kill")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily", "--start", "2025-01-01"]).succeeded)

        // How long an unhurried `done` takes: kills land anywhere from start-up to the commit.
        var durations: [Double] = []
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SeededGenerator(seed: seed)
        var nextDay = 0
        var state: [String: Bool?] = [:]  // day → true acknowledged done, false acknowledged undone, nil unknown
        var acknowledgedAdds: [String] = []
        var acknowledgedMessages: [String] = []
        for _ in 0..<3 {
            let day = ProcessTests.day(nextDay)
            nextDay += 1
            let started = Date()
            let outcome = directory.run(["done", "run", "--date", day])
            durations.append(Date().timeIntervalSince(started))
            #expect(outcome.succeeded, "\(outcome.all)")
            state[day] = true
            acknowledgedMessages.append("done: Run \(day)")
        }
        let typical = durations.sorted()[1]
        var estimate = typical

        let runs = Int(ProcessInfo.processInfo.environment["HABIT_KILL_RUNS"] ?? "") ?? 230
        var kills = 0, completed = 0, failures: [String] = []
        var killedInCommit = 0, gitLocksLeft = 0, temporaryLeft = 0
        for index in 0..<runs {
            let arguments: [String]
            let choice = random.next() % 10
            var touchedDay: String?
            var addedName: String?
            if choice < 6 || state.isEmpty {
                let day = ProcessTests.day(nextDay)
                nextDay = (nextDay + 1) % 680
                arguments = ["done", "run", "--date", day]
                touchedDay = day
            } else if choice < 8 {
                let days = state.keys.sorted()
                let day = days[Int(random.next() % UInt64(days.count))]
                arguments = ["undone", "run", "--date", day]
                touchedDay = day
            } else {
                addedName = "Kill \(index)"
                arguments = ["add", addedName!, "--category", "Health", "--days", "mon,thu"]
            }
            let child = try directory.start(arguments)
            // Anywhere from start-up to the end of a typical run. The estimate adapts to the machine's
            // load: down when a run finished before its kill, slowly up when killed, so that about one
            // run in ten completes.
            let delay = Double(random.next() % 1000) / 1000 * estimate
            usleep(useconds_t(delay * 1_000_000))
            child.kill9()
            let outcome = child.wait()
            estimate = outcome.signal == nil ? estimate * 0.9 : min(estimate * 1.012, typical * 3)
            if outcome.signal != nil {
                kills += 1
                // What the kill left for the next writer to deal with.
                let git = directory.path + "/.git/"
                if directory.text(".git/config").contains("advance = ") { killedInCommit += 1 }
                if ["index.lock", "refs/heads/main.lock", "HEAD.lock"].contains(where: { FileManager.default.fileExists(atPath: git + $0) }) {
                    gitLocksLeft += 1
                }
                if !directory.temporaryFiles().isEmpty { temporaryLeft += 1 }
            } else {
                completed += 1
            }
            let acknowledged = outcome.succeeded
            if outcome.signal == nil && !outcome.succeeded {
                failures.append("\(arguments.joined(separator: " ")) → \(outcome.status): \(outcome.err)")
            }
            if let day = touchedDay {
                if acknowledged {
                    let isDone = arguments[0] == "done"
                    state[day] = isDone
                    // An undone of a day whose done was killed early changes nothing and commits nothing.
                    if isDone { acknowledgedMessages.append("done: Run \(day)") }
                } else {
                    state[day] = .some(nil)
                }
            }
            if let addedName, acknowledged { acknowledgedAdds.append(addedName) }
            if index % 50 == 49 {
                let check = directory.run(["check"])
                #expect(check.succeeded, "habit check after \(index + 1) runs: \(check.all)")
            }
        }
        #expect(failures.isEmpty, "commands that were not killed failed:\n\(failures.prefix(5).joined(separator: "\n"))")

        // One more writer, not killed: it must succeed and clean up after its killed predecessors.
        let last = ProcessTests.day(685)
        let final = directory.run(["done", "run", "--date", last])
        #expect(final.succeeded, "\(final.all)")
        state[last] = true
        acknowledgedMessages.append("done: Run \(last)")
        #expect(directory.temporaryFiles().isEmpty, "temporary files left: \(directory.temporaryFiles())")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/.git/index.lock"))

        try ProcessTests.expectConsistent(directory)

        // Every acknowledged mark is on disk and in HEAD; every acknowledged removal is gone from both.
        let onDisk = ProcessTests.log(directory.file("trackers/run.toml"))
        let inHead = ProcessTests.log(Array(try directory.git(["show", "HEAD:trackers/run.toml"]).utf8))
        #expect(onDisk != nil && inHead != nil)
        var lost: [String] = []
        for (day, known) in state.sorted(by: { $0.key < $1.key }) {
            guard let known else { continue }
            for (place, log) in [("disk", onDisk ?? [:]), ("HEAD", inHead ?? [:])] where (log[day] == .boolean(true)) != known {
                lost.append("\(day) should be \(known ? "done" : "not done") on \(place)")
            }
        }
        #expect(lost.isEmpty, "acknowledged changes lost: \(lost.prefix(10))")
        let headFiles = Set(try directory.git(["ls-tree", "--name-only", "HEAD", "trackers/"]).split(separator: "\n").map(String.init))
        for name in acknowledgedAdds {
            let file = "trackers/" + name.lowercased().replacingOccurrences(of: " ", with: "-") + ".toml"
            #expect(directory.file(file) != nil && headFiles.contains(file), "\(name) was added but is missing")
        }
        let subjects = Set(try directory.git(["log", "--format=%s"]).split(separator: "\n").map(String.init))
        let missing = acknowledgedMessages.filter { !subjects.contains($0) }
        #expect(missing.isEmpty, "acknowledged commands without a commit: \(missing.prefix(5))")

        figure("kills: \(runs) runs, \(kills) killed (\(killedInCommit) between recording a step and finishing it, \(gitLocksLeft) leaving a git lock, "
               + "\(temporaryLeft) with a temporary file present), \(completed) finished before the kill; typical run \(Int(typical * 1000)) ms, kill window at the end \(Int(estimate * 1000)) ms, seed \(seed)")
    }

    // MARK: - Concurrency

    @Test("writers side by side: every acknowledged change is kept, history stays linear")
    func concurrentWriters() throws {
        let directory = try HabitDirectory(label: "conc")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        for name in ["Run", "Read"] {
            #expect(directory.run(["add", name, "--category", "Health", "--daily", "--start", "2025-01-01"]).succeeded)
        }
        let waves = 5, width = 8
        var processes = 0
        var expectedDone: [String: Set<String>] = ["run": [], "read": []]
        var expectedUndone: [String: Set<String>] = ["run": [], "read": []]
        var added: [String] = []
        var day = 0
        for wave in 0..<waves {
            var children: [(ChildProcess, [String])] = []
            let doneBefore = expectedDone  // undo only days acknowledged in earlier waves
            for slot in 0..<width {
                let tracker = slot % 2 == 0 ? "run" : "read"
                let arguments: [String]
                switch slot % 4 {
                case 3 where !doneBefore[tracker]!.isEmpty:
                    let victim = doneBefore[tracker]!.sorted()[wave % doneBefore[tracker]!.count]
                    expectedDone[tracker]!.remove(victim)
                    expectedUndone[tracker]!.insert(victim)
                    arguments = ["undone", tracker, "--date", victim]
                case 2:
                    let name = "Side \(wave)-\(slot)"
                    added.append(name)
                    arguments = ["add", name, "--category", "Health", "--daily"]
                default:
                    let date = ProcessTests.day(day)
                    day += 1
                    expectedDone[tracker]!.insert(date)
                    arguments = ["done", tracker, "--date", date]
                }
                children.append((try directory.start(arguments), arguments))
            }
            processes += children.count
            for (child, arguments) in children {
                let outcome = child.wait(timeout: 60)
                #expect(outcome.succeeded, "\(arguments.joined(separator: " ")): \(outcome.all)")
            }
        }
        for tracker in ["run", "read"] {
            let onDisk = ProcessTests.log(directory.file("trackers/\(tracker).toml")) ?? [:]
            let inHead = ProcessTests.log(Array(try directory.git(["show", "HEAD:trackers/\(tracker).toml"]).utf8)) ?? [:]
            for log in [onDisk, inHead] {
                #expect(Set(log.keys) == expectedDone[tracker]!, "\(tracker): \(log.keys.sorted()) vs \(expectedDone[tracker]!.sorted())")
            }
        }
        for name in added {
            let file = "trackers/" + name.lowercased().replacingOccurrences(of: " ", with: "-") + ".toml"
            #expect(directory.file(file) != nil, "\(file) missing")
        }
        let status = try directory.git(["status", "--porcelain"])
        #expect(status.isEmpty, "uncommitted after acknowledged writes: \(status)")
        try ProcessTests.expectConsistent(directory)
        figure("concurrency: \(waves) waves of \(width) = \(processes) processes at once on one directory")
    }

    // MARK: - Stale lock

    @Test("a habit killed while holding the lock never blocks the next command; the waiter names the holder")
    func killedLockHolder() throws {
        let listener = try SilentListener()  // accepts connections and never answers: sync hangs holding the lock
        let directory = try HabitDirectory(label: "lock", extraEnvironment: ["HABIT_SYNC_TIMEOUT": "60"])
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily", "--start", "2025-01-01"]).succeeded)
        #expect(directory.run(["remote", "set", "git://127.0.0.1:\(listener.port)/x.git"]).succeeded)

        let holder = try directory.start(["sync"])
        // Wait until it holds the lock (its text is in the lock file).
        let deadline = Date().addingTimeInterval(10)
        while !directory.text(".git/habit-lock").contains("pid \(holder.pid)"), Date() < deadline { usleep(20_000) }
        #expect(directory.text(".git/habit-lock").contains("pid \(holder.pid): habit sync"))

        let waiter = try directory.start(["done", "run", "--date", "2026-11-20"])
        // The waiter announces itself once it has waited a moment: poll for that, not a fixed sleep.
        let announced = Date().addingTimeInterval(20)
        while !waiter.errorsSoFar.contains("held by pid \(holder.pid)"), Date() < announced { usleep(20_000) }
        holder.kill9()
        let killed = holder.wait()
        #expect(killed.signal == SIGKILL)
        let outcome = waiter.wait(timeout: 20)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.err.contains("held by pid \(holder.pid): habit sync"), "waiting message: \(outcome.err)")
        #expect(ProcessTests.log(directory.file("trackers/run.toml"))?["2026-11-20"] == .boolean(true))

        // And with nobody waiting: the lock file still names the dead holder, yet a command goes through at once.
        let second = try directory.start(["sync"])
        while !directory.text(".git/habit-lock").contains("pid \(second.pid)"), Date() < deadline.addingTimeInterval(10) { usleep(20_000) }
        second.kill9()
        second.wait()
        let started = Date()
        let after = directory.run(["done", "run", "--date", "2026-11-21"])
        #expect(after.succeeded, "\(after.all)")
        #expect(!after.err.contains("waiting"), "\(after.err)")
        #expect(Date().timeIntervalSince(started) < 5)
        try ProcessTests.expectConsistent(directory)
    }

    // MARK: - Leftovers of killed writers

    @Test("the next writer removes stale temporary files and dead git locks, and names a live lock's holder")
    func leftoversAreCleaned() throws {
        let directory = try HabitDirectory(label: "left")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        #expect(directory.run(["add", "Run", "--category", "Health", "--daily", "--start", "2025-01-01"]).succeeded)
        // What a writer killed between creating its temporary file and the rename leaves: the pid is dead.
        let dead = try directory.start(["--version"])
        dead.wait()
        try directory.write("trackers/.habit-tmp-\(dead.pid)-123", "name = \"half")
        try directory.write(".habit-tmp-\(dead.pid)-456", "")
        // A live writer's temporary file (this test process) is left alone.
        try directory.write("trackers/.habit-tmp-\(getpid())-789", "")

        // A killed libgit2 commit leaves git's locks: no process holds them open, so they are stale.
        try directory.write(".git/index.lock", "")
        try directory.write(".git/refs/heads/main.lock", "")
        let past = Date().addingTimeInterval(-60)
        for lock in [".git/index.lock", ".git/refs/heads/main.lock"] {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: directory.path + "/" + lock)
        }
        let outcome = directory.run(["done", "run", "--date", "2026-11-01"])
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(directory.temporaryFiles() == ["trackers/.habit-tmp-\(getpid())-789"])
        #expect(try directory.git(["log", "-1", "--format=%s"]) == "done: Run 2026-11-01\n")

        // A fresh lock nobody holds (a `git` that just died) is waited for until it is stale, then removed.
        try directory.write(".git/index.lock", "")
        let second = directory.run(["done", "run", "--date", "2026-11-02"])
        #expect(second.succeeded, "\(second.all)")
        #expect(try directory.git(["log", "-1", "--format=%s"]) == "done: Run 2026-11-02\n")

        // A lock a live process holds open is never taken away: the refusal names the file and the holder.
        let held = open(directory.path + "/.git/index.lock", O_CREAT | O_WRONLY, 0o644)
        let refused = directory.run(["done", "run", "--date", "2026-11-03"])
        #expect(refused.status == 1, "\(refused.all)")
        #expect(refused.err.contains("index.lock") && refused.err.contains("pid \(getpid())"), "\(refused.err)")
        #expect(!directory.text("trackers/run.toml").contains("2026-11-03"), "nothing kept that was not committed")
        close(held)
        unlink(directory.path + "/.git/index.lock")
        try ProcessTests.expectConsistent(directory)
    }
}
