import Foundation
import TestSupport
import Testing

/// Three machines, each reaching one bare remote its own way (a path, `git://` through `git
/// daemon` on 127.0.0.1, and `file://`), do random commands, hand edits and syncs; in the end
/// they converge, and the oracle checks that every completion that was not later undone is there
/// and that no mark appears where nobody made it (docs/reliability.md).
///
/// A few seeds run by default; `HABIT_SYNC_SEEDS=N` runs N seeds and `HABIT_SYNC_STEPS=N` makes
/// each longer (the long mode whose figures docs/reliability.md gives); `HABIT_SYNC_SEED=S` replays
/// the one seed a failure printed.
@Suite(.serialized) struct SyncRandomTests {
    static let seeds: [UInt64] = {
        if let seed = ProcessInfo.processInfo.environment["HABIT_SYNC_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = Int(ProcessInfo.processInfo.environment["HABIT_SYNC_SEEDS"] ?? "") ?? 3
        return (1...max(1, count)).map { UInt64($0) * 7919 }
    }()

    static let steps = Int(ProcessInfo.processInfo.environment["HABIT_SYNC_STEPS"] ?? "") ?? 150

    @Test("three machines converge without losing or inventing a mark", arguments: seeds)
    func convergeWithoutLossOrInvention(seed: UInt64) throws {
        var run = try RandomSyncRun(seed: seed)
        try run.play(steps: Self.steps)
        try run.settle()
        let problems = try run.finalProblems()
        if !problems.isEmpty {
            // Kept for a look: the three machines, the remote, and the plain clone.
            let kept = NSTemporaryDirectory() + "habit-sync-random-\(seed)"
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.copyItem(atPath: run.world.root, toPath: kept)
            try? run.journal.joined(separator: "\n").write(toFile: kept + "/journal.txt", atomically: true, encoding: .utf8)
            Issue.record("seed \(seed) (directories kept in \(kept)):\n\(problems.prefix(20).joined(separator: "\n"))")
        }
        print("sync-random refusals: \(run.refusals)")
        print("sync-random: seed \(seed), \(run.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    }
}

/// One randomized run: the world, the oracle and the random source.
struct RandomSyncRun {
    let world: SyncWorld
    let daemon: GitDaemon
    var oracle = SyncOracle()
    var random: SeededGenerator
    var counts: [String: Int] = [:]
    /// What refusals said (names elided), for a look at whether they were all fair.
    var refusals: [String: Int] = [:]
    /// Every command and hand edit in order, with the oracle's event numbers, kept with a failure.
    var journal: [String] = []
    var nextTracker = 0
    let machines = ["a", "b", "c"]
    static let names = ["Run", "Walk", "Read", "Swim", "Yoga", "Write"]
    static let categories = ["Health", "Study", "Home", "Fitness", "Mind"]

    init(seed: UInt64) throws {
        world = try SyncWorld()
        daemon = try GitDaemon(basePath: world.root)
        random = SeededGenerator(seed: seed)
        try expectSuccess("a", ["init"])
        try expectSuccess("a", ["category", "add", "Health"])
        try expectSuccess("a", ["remote", "set", world.remote])
        try expectSuccess("a", ["sync"])
        oracle.synced("a")
        try expectSuccess("b", ["init", "--remote", daemon.url("remote.git")])
        oracle.synced("b")
        try expectSuccess("c", ["init", "--remote", "file://" + world.remote])
        oracle.synced("c")
    }

    struct Unexpected: Error, CustomStringConvertible { let description: String }

    func expectSuccess(_ machine: String, _ arguments: [String]) throws {
        let outcome = world.habit(machine, arguments)
        guard outcome.code == 0 else {
            throw Unexpected(description: "\(machine): habit \(arguments.joined(separator: " ")) → \(outcome.code)\n\(outcome.out)\(outcome.err)")
        }
    }

    // MARK: - What a machine holds

    struct LocalTracker {
        let file: String
        let name: String
        let uid: String
        let category: String
        /// Scheduled weekdays, 0 = Monday.
        let weekdays: Set<Int>
        let log: [String: SyncOracle.Mark]
    }

    static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// A file's lines without a byte order mark or carriage returns.
    static func lines(_ text: String) -> [String] {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func quoted(_ line: String) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    func trackers(_ machine: String) -> [LocalTracker] {
        let folder = world.directory(machine) + "/trackers"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".toml") }.sorted()
        return files.map { file in
            var name = "", uid = "", category = ""
            var weekdays: Set<Int> = []
            var log: [String: SyncOracle.Mark] = [:]
            var inLog = false
            for line in Self.lines(world.file(machine, "trackers/" + file)) {
                if line.hasPrefix("[") { inLog = line == "[log]" }
                if inLog, line.count > 13, line.hasPrefix("20") {
                    let value = line.dropFirst(13).split(separator: "#").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                    log[String(line.prefix(10))] = SyncOracle.Mark(rawValue: value) ?? (value == "false" ? SyncOracle.Mark.none : .done)
                } else if line.hasPrefix("name = ") {
                    name = Self.quoted(line).first ?? ""
                } else if line.hasPrefix("description = ") {
                    uid = Self.quoted(line).first ?? ""
                } else if line.hasPrefix("category = ") {
                    category = Self.quoted(line).first ?? ""
                } else if line.hasPrefix("schedule = ") {
                    weekdays = line.contains("\"daily\"") ? Set(0..<7)
                        : Set(Self.quoted(line).compactMap { Self.weekdayNames.firstIndex(of: $0) })
                }
            }
            return LocalTracker(file: "trackers/" + file, name: name, uid: uid, category: category, weekdays: weekdays,
                                log: log.filter { $0.value != .none })
        }
    }

    func categories(_ machine: String) -> [String] {
        Self.lines(world.file(machine, "habit.toml")).first { $0.hasPrefix("categories = ") }.map(Self.quoted) ?? []
    }

    // MARK: - Steps

    mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int.random(in: 0..<items.count, using: &random)]
    }

    /// Schedules: all 127 sets of weekdays, largest first; tracker n is added with the 2n-th and
    /// edited to the (2n+1)-th, so two trackers never share a name *and* a schedule by chance
    /// (that would make them one tracker made twice, which a merge joins on purpose).
    static let masks: [Int] = (1..<128).sorted { ($0.nonzeroBitCount, $1) > ($1.nonzeroBitCount, $0) }

    static func days(_ mask: Int) -> String {
        (0..<7).filter { mask & (1 << $0) != 0 }.map { weekdayNames[$0] }.joined(separator: ",")
    }

    /// A day of November 2026 that `machine` owns and `tracker` is scheduled on.
    mutating func day(for tracker: LocalTracker, on machine: String) -> String? {
        let index = machines.firstIndex(of: machine)!
        // 2026-11-01 is a Sunday.
        let days = (1...22).filter { $0 % 3 == index && tracker.weekdays.contains(($0 + 5) % 7) }
        return pick(days).map { String(format: "2026-11-%02d", $0) }
    }

    mutating func count(_ what: String) { counts[what, default: 0] += 1 }

    /// Runs habit; exit codes other than 0 (done) and 1 (refused) are failures of the test.
    mutating func habit(_ machine: String, _ arguments: [String]) throws -> Bool {
        let outcome = world.habit(machine, arguments)
        journal.append("\(machine): habit \(arguments.joined(separator: " ")) → \(outcome.code) (next event \(oracle.events.count))")
        guard outcome.code == 0 || outcome.code == 1 else {
            throw Unexpected(description: "\(machine): habit \(arguments.joined(separator: " ")) → \(outcome.code)\n\(outcome.err)")
        }
        if outcome.code == 1 {
            count("refused")
            refusals[String(outcome.err.split(separator: "\n").first { $0.contains("error") } ?? "").replacingOccurrences(of: #"“[^”]*”"#, with: "“…”", options: .regularExpression), default: 0] += 1
            if outcome.err.contains("edits have errors") {
                throw Unexpected(description: "\(machine): habit \(arguments.joined(separator: " ")) refused:\n\(outcome.err)")
            }
        }
        return outcome.code == 0
    }

    mutating func play(steps: Int) throws {
        for _ in 0..<steps {
            let machine = pick(machines)!
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<30: try mark(on: machine)
            case 30..<38: try markByHand(on: machine)
            case 38..<44: try add(on: machine)
            case 44..<47: try remove(on: machine)
            case 47..<54: try edit(on: machine)
            case 54..<57: try pin(on: machine)
            case 57..<62: try changeCategories(on: machine)
            case 62..<72: try editByHand(on: machine)
            default: try sync(machine)
            }
        }
    }

    mutating func sync(_ machine: String) throws {
        let outcome = world.habit(machine, ["sync"])
        journal.append("\(machine): habit sync → \(outcome.code)\n\(outcome.out)")
        guard outcome.code == 0 else {
            throw Unexpected(description: "\(machine): habit sync → \(outcome.code)\n\(outcome.out)\(outcome.err)")
        }
        if outcome.out.hasPrefix("Merged") { count("merges") }
        count("syncs")
        oracle.synced(machine)
    }

    mutating func mark(on machine: String) throws {
        guard let tracker = pick(trackers(machine)), let day = day(for: tracker, on: machine) else { return }
        let (verb, mark): (String, SyncOracle.Mark) = switch Int.random(in: 0..<20, using: &random) {
        case 0..<10: ("done", .done)
        case 10..<13: ("skip", .skip)
        default: ("undone", .none)
        }
        let before = world.file(machine, tracker.file)
        // A mark that changes nothing ("already done") is no event: the file a merge compares is
        // the same, so a removal elsewhere rightly wins over it.
        if try habit(machine, [verb, tracker.name, "--date", day]), world.file(machine, tracker.file) != before {
            oracle.record(.mark(tracker: tracker.uid, day: day, mark), on: machine)
            count("marks")
        }
    }

    mutating func markByHand(on machine: String) throws {
        guard let tracker = pick(trackers(machine)), let day = day(for: tracker, on: machine) else { return }
        let mark = pick([SyncOracle.Mark.done, .skip, .none])!
        let before = world.file(machine, tracker.file)
        try rewrite(machine, tracker.file) { lines, _ in
            let existing = lines.firstIndex { $0.hasPrefix(day + " = ") }
            switch (mark, existing) {
            case (.none, let index?): lines.remove(at: index)
            case (.none, nil): break
            case (_, let index?): lines[index] = "\(day) = \(mark.rawValue)"
            case (_, nil):
                if let log = lines.firstIndex(of: "[log]") {
                    lines.insert("\(day) = \(mark.rawValue)", at: log + 1)
                } else {
                    lines.insert(contentsOf: ["[log]", "\(day) = \(mark.rawValue)"], at: lines.count - 1)
                }
            }
        }
        guard world.file(machine, tracker.file) != before else { return }
        oracle.record(.mark(tracker: tracker.uid, day: day, mark), on: machine)
        journal.append("\(machine): by hand \(tracker.file) \(day) = \(mark) (event \(oracle.events.count - 1))")
        count("hand marks")
    }

    mutating func add(on machine: String) throws {
        guard nextTracker < 60, let category = pick(categories(machine)), let name = pick(Self.names) else { return }
        let uid = "t\(nextTracker)"
        nextTracker += 1
        if try habit(machine, ["add", name, "--category", category, "--days", Self.days(Self.masks[2 * (nextTracker - 1)]),
                               "--start", "2026-11-01", "--description", uid]) {
            oracle.made(uid)
            count("adds")
        }
    }

    mutating func remove(on machine: String) throws {
        guard let tracker = pick(trackers(machine)) else { return }
        if try habit(machine, ["rm", tracker.name, "--yes"]) {
            oracle.record(.remove(tracker: tracker.uid), on: machine)
            count("removals")
        }
    }

    mutating func edit(on machine: String) throws {
        guard let tracker = pick(trackers(machine)) else { return }
        let number = Int(tracker.uid.dropFirst()) ?? 0
        var arguments = ["edit", tracker.name]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: arguments += ["--name", pick(Self.names)! + (Bool.random(using: &random) ? "" : " again")]
        case 1: arguments += ["--days", Self.days(Self.masks[2 * number + (Bool.random(using: &random) ? 1 : 0)])]
        case 2:
            guard let category = pick(categories(machine)) else { return }
            arguments += ["--category", category]
        default: arguments += ["--emoji", pick(["🏃", "📚", "🧘", "🏊"])!]
        }
        if try habit(machine, arguments) { count("edits") }
    }

    mutating func pin(on machine: String) throws {
        guard let tracker = pick(trackers(machine)) else { return }
        if try habit(machine, [Bool.random(using: &random) ? "pin" : "unpin", tracker.name]) { count("pins") }
    }

    mutating func changeCategories(on machine: String) throws {
        let existing = categories(machine)
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1:
            if try habit(machine, ["category", "add", pick(Self.categories)!]) { count("category adds") }
        case 2, 3:
            guard let old = pick(existing) else { return }
            if try habit(machine, ["category", "rename", old, pick(Self.categories)!]) { count("category renames") }
        default:
            guard existing.count > 1, let old = pick(existing) else { return }
            let inside = trackers(machine).filter { $0.category == old }
            if try habit(machine, ["category", "rm", old, "--yes"]) {
                for tracker in inside { oracle.record(.remove(tracker: tracker.uid), on: machine) }
                count("category removals")
            }
        }
    }

    /// Comments, a colour on one line, CRLF line ends, a byte order mark: edits a person makes in
    /// an editor, on the same and neighbouring lines as the other machines' edits.
    mutating func editByHand(on machine: String) throws {
        let kind = Int.random(in: 0..<10, using: &random)
        if kind == 9 {
            try rewrite(machine, "habit.toml") { lines, _ in lines.insert("# settings note \(counts["hand edits", default: 0])", at: 1) }
            count("hand edits")
            return
        }
        guard let tracker = pick(trackers(machine)) else { return }
        let position = Int.random(in: 0..<4, using: &random)
        switch kind {
        case 0..<4:
            try rewrite(machine, tracker.file) { lines, _ in
                let header = lines.firstIndex { $0.hasPrefix("[") } ?? lines.count
                lines.insert("# note from \(machine) \(counts["hand edits", default: 0])", at: min(position, header))
            }
        case 4..<7:
            let colour = pick(["\"#aa3300\"", "\"#0044cc\"", "\"green\"", "\"teal\""])!
            try rewrite(machine, tracker.file) { lines, _ in
                if let index = lines.firstIndex(where: { $0.hasPrefix("color = ") }) {
                    lines[index] = "color = \(colour)"
                } else {
                    let header = lines.firstIndex { $0.hasPrefix("[") } ?? lines.count
                    lines.insert("color = \(colour)", at: max(1, header - 1))
                }
            }
        case 7:
            try rewrite(machine, tracker.file) { _, style in style.crlf = true }
        default:
            try rewrite(machine, tracker.file) { _, style in style.bom = true }
        }
        count("hand edits")
        journal.append("\(machine): hand edit \(kind) of \(tracker.file)")
    }

    struct Style { var crlf: Bool; var bom: Bool }

    /// Edits a file as lines, keeping its line ends and byte order mark unless asked to change them.
    func rewrite(_ machine: String, _ path: String, _ body: (inout [String], inout Style) -> Void) throws {
        let text = world.file(machine, path)
        var style = Style(crlf: text.contains("\r\n"), bom: text.hasPrefix("\u{FEFF}"))
        var lines = Self.lines(text)
        body(&lines, &style)
        let joined = lines.joined(separator: style.crlf ? "\r\n" : "\n")
        try world.write(machine, path, (style.bom ? "\u{FEFF}" : "") + joined)
    }

    // MARK: - The end

    /// Every machine syncs twice in turn: all of them then hold the remote's last commit.
    mutating func settle() throws {
        for _ in 0..<2 { for machine in machines { try sync(machine) } }
    }

    func finalProblems() throws -> [String] {
        var problems: [String] = []
        let reference = world.tree("a")
        let clone = world.root + "/plain-clone"
        try GitCommandLine.run(["clone", "-q", world.remote, clone], in: world.root)
        for machine in machines + ["plain-clone"] where world.tree(machine) != reference {
            let differing = Set(world.tree(machine).keys).union(reference.keys).filter { world.tree(machine)[$0] != reference[$0] }
            problems.append("\(machine) differs from a in \(differing.sorted())")
        }
        for (path, text) in reference where text.contains("<<<<<<<") || text.contains(">>>>>>>") {
            problems.append("conflict markers in \(path)")
        }
        for machine in machines {
            if let status = try? world.git(machine, "status", "--porcelain"), !status.isEmpty {
                problems.append("\(machine): git status shows \(status)")
            }
            do { _ = try world.git(machine, "fsck", "--strict") } catch { problems.append("\(machine): \(error)") }
            let check = world.habit(machine, ["check"])
            if check.code != 0 { problems.append("\(machine): habit check → \(check.code)\n\(check.out)\(check.err)") }
        }
        do {
            _ = try GitCommandLine.run(["--git-dir", world.remote, "fsck", "--strict"], in: world.root)
        } catch { problems.append("remote: \(error)") }

        var final: [String: [String: SyncOracle.Mark]] = [:]
        var duplicates: [String] = []
        for tracker in trackers("a") {
            if final[tracker.uid] != nil { duplicates.append(tracker.uid) }
            final[tracker.uid] = tracker.log
        }
        return problems + oracle.violations(in: final, duplicates: duplicates)
    }
}
