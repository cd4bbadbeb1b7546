import Foundation
import Synchronization
import Testing
import TestSupport

/// The commit a change makes is the one `git commit` would make, on repositories people also
/// touch with the git CLI (issue 35): blobs through git's filters, the index's lock held until the
/// branch moved, a live `git commit`'s lock never taken from it, the config's mode kept, reflog
/// lines like git's. Each case runs the real binary on a data directory the git CLI then shapes.
@Suite("A good git citizen", .serialized)
struct GitCitizenTests {
    struct World {
        let scratch: ScratchDirectory
        var data: String { scratch.sub("data") }
        var environment: [String: String] {
            GitCommandLine.environment.merging(["HABIT_DIR": data, "HABIT_NOW": "2026-11-22T10:00", "LANG": "C.UTF-8", "NO_COLOR": "1"]) { $1 }
        }

        init(_ name: String) throws {
            scratch = try ScratchDirectory(name)
            for setup in [["init"], ["category", "add", "Study"], ["add", "Read", "--category", "Study", "--daily", "--start", "2026-11-01"]] {
                let outcome = habit(setup)
                try #require(outcome.succeeded, "habit \(setup.joined(separator: " ")): \(outcome.all)")
            }
        }

        @discardableResult
        func habit(_ arguments: [String], extra: [String: String] = [:]) -> ProcessOutcome {
            guard let binary = BuiltProduct.habit,
                  // A variable given as "" is left out (unset), not set empty.
                  let child = try? ChildProcess(binary, arguments, environment: environment.merging(extra) { $1 }.filter { !$0.value.isEmpty },
                                                scratch: scratch.path) else {
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

        /// After a change: `git status` clean and the stored blob the one `git add` would store.
        /// `status` is what `git status --porcelain` said before habit ran (git itself calls a CRLF
        /// file under `text=auto` modified: it will store it with LF).
        func expectGitAgrees(_ file: String, _ label: String, status expected: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
            let status = try git("status", "--porcelain")
            #expect(status == expected, "\(label): git status", sourceLocation: sourceLocation)
            #expect(try git("hash-object", "--path", file, file) == git("rev-parse", "HEAD:" + file), "\(label): blob", sourceLocation: sourceLocation)
            let fsck = try git("fsck", "--strict", "--no-progress", "--no-dangling")
            #expect(fsck == "", "\(label): fsck", sourceLocation: sourceLocation)
        }
    }

    static let marks = [["done", "read"], ["done", "read", "--date", "2026-11-21"], ["undone", "read"], ["done", "read", "--date", "2026-11-20"]]

    @Test("CRLF through `text=auto`, `eol=crlf` and `core.autocrlf`: git status clean, the blob git's", arguments: ["text=auto", "eol=crlf", "autocrlf"])
    func lineEndings(setup: String) throws {
        let world = try World("citizen-eol")
        switch setup {
        case "text=auto":
            try FileHandle.append("* text=auto\n", to: world.data + "/.gitattributes")
            try world.git("add", ".gitattributes")
            try world.git("commit", "-q", "-m", "text=auto")
        case "eol=crlf":
            try FileHandle.append("*.toml text eol=crlf\n", to: world.data + "/.gitattributes")
            try world.git("add", ".gitattributes")
            try world.git("commit", "-q", "-m", "eol=crlf")
        default:
            try world.git("config", "core.autocrlf", "true")
        }
        // The file as git checks it out under the setting (CRLF for eol and autocrlf), or a CRLF
        // file written by a Windows editor (text=auto).
        let file = world.data + "/trackers/read.toml"
        if setup == "text=auto" {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file)).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
            try Data(bytes).write(to: URL(fileURLWithPath: file))
        } else {
            try FileManager.default.removeItem(atPath: file)
            try world.git("checkout", "--", "trackers/read.toml")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).contains(0x0D), "\(setup): no CRLF in the file")
        let before = try world.git("status", "--porcelain")
        #expect(before == (setup == "text=auto" ? " M trackers/read.toml" : ""), "\(setup): git's status before")
        for mark in Self.marks {
            let outcome = world.habit(mark)
            try #require(outcome.succeeded, "\(setup) habit \(mark.joined(separator: " ")): \(outcome.all)")
            try world.expectGitAgrees("trackers/read.toml", "\(setup) after \(mark.joined(separator: " "))")
            let status = world.habit(["status"])
            if setup != "text=auto" { #expect(!status.out.contains("Edited by hand"), "\(setup): \(status.out)") }
        }
    }

    @Test("a filter driver git would run is refused before anything changes")
    func filterDriverRefused() throws {
        let world = try World("citizen-filter")
        try FileHandle.append("trackers/*.toml filter=crypt\n", to: world.data + "/.git/info/attributes")
        try world.git("config", "filter.crypt.clean", "rev")
        let head = try world.git("rev-parse", "HEAD")
        let before = readFile(world.data + "/trackers/read.toml")
        let outcome = world.habit(["done", "read"])
        #expect(!outcome.succeeded)
        #expect(outcome.err.contains("passes through the git filter \"crypt\" (filter.crypt.clean)"), "\(outcome.err)")
        #expect(!outcome.err.contains("HabitKit."), "a Swift value: \(outcome.err)")
        #expect(try world.git("rev-parse", "HEAD") == head)
        #expect(readFile(world.data + "/trackers/read.toml") == before)
    }

    /// `git commit` as is writes the index and closes its lock before the editor opens, then moves
    /// the branch only if it has not moved; `git commit -a` keeps `index.lock` (closed) all along.
    @Test("a `git commit` whose editor is open succeeds afterwards: habit waits, then refuses in words, and never takes its lock",
          arguments: [false, true])
    func editorOpen(all: Bool) throws {
        let world = try World("citizen-editor")
        let started = world.scratch.sub("editor-started")
        let proceed = world.scratch.sub("editor-proceed")
        let editor = world.scratch.sub("editor.sh")
        try "#!/bin/sh\ntouch '\(started)'\nwhile [ ! -e '\(proceed)' ]; do sleep 0.05; done\necho 'notes by hand' > \"$1\"\n"
            .write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        if all {
            try "# notes\n".write(toFile: world.data + "/notes.md", atomically: true, encoding: .utf8)
            try world.git("add", "notes.md")
            try world.git("commit", "-q", "-m", "notes")
            try "# notes\nmore\n".write(toFile: world.data + "/notes.md", atomically: true, encoding: .utf8)
        } else {
            try "# notes\nmore\n".write(toFile: world.data + "/notes.md", atomically: true, encoding: .utf8)
            try world.git("add", "notes.md")
        }
        let environment = GitCommandLine.environment.merging(["GIT_EDITOR": editor]) { $1 }
        let commit = try ChildProcess("/usr/bin/git", ["-C", world.data, "commit"] + (all ? ["-a"] : []), environment: environment,
                                      scratch: world.scratch.path)
        var waited = 0
        while !FileManager.default.fileExists(atPath: started), waited < 400 {
            usleep(50_000)
            waited += 1
        }
        try #require(FileManager.default.fileExists(atPath: started), "the editor never started")
        let refused = world.habit(["done", "read"])
        #expect(!refused.succeeded, "habit committed beside an open `git commit`: \(refused.all)")
        #expect(refused.err.contains("git is making a commit in the data directory (pid \(commit.pid) (git))"), "\(refused.err)")
        if all { #expect(FileManager.default.fileExists(atPath: world.data + "/.git/index.lock"), "the editor's lock was removed") }
        _ = FileManager.default.createFile(atPath: proceed, contents: nil)
        let committed = commit.wait(timeout: 30)
        #expect(committed.succeeded, "git commit: \(committed.all)")
        #expect(try world.git("log", "-1", "--format=%s") == "notes by hand")
        #expect(try world.git("show", "HEAD:notes.md") == "# notes\nmore")
        let done = world.habit(["done", "read"])
        #expect(done.succeeded, "\(done.all)")
        try world.expectGitAgrees("trackers/read.toml", "after the editor")
    }

    @Test("habit writers beside a `git commit --allow-empty` loop: every acknowledged change and every git commit kept")
    func besideACommitLoop() throws {
        let world = try World("citizen-race")
        let stop = world.scratch.sub("stop")
        let script = world.scratch.sub("loop.sh")
        try """
        #!/bin/sh
        n=0
        while [ ! -e '\(stop)' ]; do
          n=$((n+1))
          if git -C '\(world.data)' commit -q --allow-empty -m "loop $n" 2>/dev/null; then echo "loop $n"; fi
        done
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let loop = try ChildProcess("/bin/sh", [script], environment: GitCommandLine.environment, scratch: world.scratch.path)
        let days = (1...12).map { String(format: "2026-11-%02d", $0) }
        let results = Mutex<[(String, ProcessOutcome)]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for day in days where Int(day.suffix(2))! % 4 == worker {
                let outcome = world.habit(["done", "read", "--date", day])
                results.withLock { $0.append((day, outcome)) }
            }
        }
        _ = FileManager.default.createFile(atPath: stop, contents: nil)
        let looped = loop.wait(timeout: 60)
        let file = readFile(world.data + "/trackers/read.toml")
        let head = try world.git("show", "HEAD:trackers/read.toml")
        var acknowledged = 0
        for (day, outcome) in results.withLock({ $0 }) {
            if outcome.succeeded {
                acknowledged += 1
                #expect(file.contains(day), "\(day) acknowledged but not in the file")
                #expect(head.contains(day), "\(day) acknowledged but not in HEAD")
            } else {
                #expect(!outcome.err.contains("HabitKit.") && !outcome.err.contains("git(detail:"), "a Swift value: \(outcome.err)")
            }
        }
        #expect(acknowledged > 0)
        let messages = Set(try world.git("log", "--format=%s").split(separator: "\n").map(String.init))
        for line in looped.out.split(separator: "\n") {
            #expect(messages.contains(String(line)), "git's \(line) exited 0 but is not on the branch")
        }
        let status = try world.git("status", "--porcelain")
        #expect(status == "")
        let fsck = try world.git("fsck", "--strict", "--no-progress", "--no-dangling")
        #expect(fsck == "")
    }

    @Test("`chmod 600 .git/config` survives a change")
    func configModeKept() throws {
        let world = try World("citizen-mode")
        chmod(world.data + "/.git/config", 0o600)
        for mark in Self.marks {
            let outcome = world.habit(mark)
            try #require(outcome.succeeded, "\(outcome.all)")
            let attributes = try FileManager.default.attributesOfItem(atPath: world.data + "/.git/config")
            #expect((attributes[.posixPermissions] as? Int) == 0o600, "after \(mark.joined(separator: " "))")
        }
    }

    /// The identity `git var` gives in the same environment, without its date.
    static func gitIdent(_ role: String, world: World, environment: [String: String]) throws -> String {
        // Not GitCommandLine.run: its environment names a fixed identity.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", world.data, "var", "GIT_\(role)_IDENT"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let ident = String(decoding: data, as: UTF8.self)
        return String(ident.split(separator: ">").first ?? "") + ">"
    }

    @Test("the identity is git's: GIT_AUTHOR_*, GIT_COMMITTER_*, author.*, EMAIL, GIT_CONFIG_GLOBAL, GIT_CONFIG_COUNT")
    func identityLikeGit() throws {
        let world = try World("citizen-identity")
        let global = world.scratch.sub("global-config")
        try "[user]\n\tname = Global Person\n\temail = <global@example.org>\n".write(toFile: global, atomically: true, encoding: .utf8)
        let none = ["GIT_AUTHOR_NAME": "", "GIT_AUTHOR_EMAIL": "", "GIT_COMMITTER_NAME": "", "GIT_COMMITTER_EMAIL": ""]
        let setups: [(String, [String: String])] = [
            ("GIT_CONFIG_GLOBAL", ["GIT_CONFIG_GLOBAL": global]),
            ("GIT_AUTHOR_NAME", ["GIT_CONFIG_GLOBAL": global, "GIT_AUTHOR_NAME": "Ann Author", "GIT_COMMITTER_EMAIL": "c@example.org"]),
            ("GIT_CONFIG_COUNT", ["GIT_CONFIG_GLOBAL": global, "GIT_CONFIG_COUNT": "2", "GIT_CONFIG_KEY_0": "author.name",
                                  "GIT_CONFIG_VALUE_0": "Configured Author", "GIT_CONFIG_KEY_1": "committer.email",
                                  "GIT_CONFIG_VALUE_1": "committer@example.org"]),
        ]
        for (index, (label, extra)) in setups.enumerated() {
            var environment = GitCommandLine.environment.filter { !$0.key.hasPrefix("GIT_AUTHOR") && !$0.key.hasPrefix("GIT_COMMITTER") }
            environment.merge(extra) { $1 }
            let outcome = world.habit(["done", "read", "--date", "2026-11-1\(index)"], extra: none.merging(extra) { $1 })
            try #require(outcome.succeeded, "\(label): \(outcome.all)")
            let made = try world.git("log", "-1", "--format=%an <%ae>|%cn <%ce>")
            let expected = try Self.gitIdent("AUTHOR", world: world, environment: environment) + "|"
                + Self.gitIdent("COMMITTER", world: world, environment: environment)
            #expect(made == expected, "\(label)")
        }
    }

    @Test("user.useConfigOnly without an email: refused in words, as git refuses")
    func useConfigOnlyRefuses() throws {
        let world = try World("citizen-config-only")
        try world.git("config", "user.useConfigOnly", "true")
        let head = try world.git("rev-parse", "HEAD")
        let outcome = world.habit(["done", "read"], extra: ["GIT_AUTHOR_NAME": "", "GIT_AUTHOR_EMAIL": "", "GIT_COMMITTER_NAME": "",
                                                            "GIT_COMMITTER_EMAIL": "", "EMAIL": ""])
        #expect(!outcome.succeeded)
        #expect(outcome.err.contains("git does not know who you are, and user.useConfigOnly forbids guessing"), "\(outcome.err)")
        #expect(try world.git("rev-parse", "HEAD") == head)
    }

    @Test("`core.sharedRepository=group`: the objects and index a change writes are group-writable or readable as git makes them")
    func sharedRepository() throws {
        let world = try World("citizen-shared")
        try world.git("config", "core.sharedRepository", "group")
        let outcome = world.habit(["done", "read"])
        try #require(outcome.succeeded, "\(outcome.all)")
        let blob = try world.git("rev-parse", "HEAD:trackers/read.toml")
        let folder = world.data + "/.git/objects/" + blob.prefix(2)
        let folderMode = try #require(FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        #expect(folderMode & 0o070 == 0o070, "objects/\(blob.prefix(2)) is \(String(folderMode, radix: 8))")
        let indexMode = try #require(FileManager.default.attributesOfItem(atPath: world.data + "/.git/index")[.posixPermissions] as? Int)
        #expect(indexMode & 0o060 == 0o060, "the index is \(String(indexMode, radix: 8))")
    }

    @Test("the reflog says what `git commit` says: `commit: <subject>`")
    func reflogLikeGit() throws {
        let world = try World("citizen-reflog")
        let outcome = world.habit(["done", "read"])
        try #require(outcome.succeeded, "\(outcome.all)")
        #expect(try world.git("reflog", "-1", "--format=%gs", "main") == "commit: done: Read 2026-11-22")
        #expect(try world.git("reflog", "-1", "--format=%gs", "HEAD") == "commit: done: Read 2026-11-22")
    }

    @Test("`habit status` and `habit check` name a format every change refuses, in the refusal's words",
          arguments: ["core.splitIndex", "index.skipHash", "extensions.worktreeConfig", "extensions.objectformat"])
    func statusAndCheckNameUnsupportedFormats(setting: String) throws {
        let world = try World("citizen-format")
        if setting == "extensions.objectformat" {
            // A sha256 repository holding the same files: libgit2 1.5 does not open it at all.
            try FileManager.default.removeItem(atPath: world.data + "/.git")
            try world.git("init", "-q", "--object-format=sha256", "-b", "main")
        } else {
            try world.git("config", setting, "true")
        }
        let words = "The data directory's repository uses \(setting), which habit's git library cannot write as git would"
        let status = world.habit(["status"])
        #expect(status.succeeded, "\(status.all)")
        #expect(status.out.contains(words), "\(status.out)")
        #expect(!status.out.contains("not a git repository"), "\(status.out)")
        let check = world.habit(["check"])
        #expect(check.status == 1, "\(check.all)")
        #expect(check.out.contains(words), "\(check.out)")
        let change = world.habit(["done", "read"])
        #expect(change.status == 1 && change.err.contains(words), "\(change.all)")
    }

    @Test("on an unborn branch (`git checkout --orphan`) the first commit holds every file the index holds, as `git commit -a`")
    func unbornBranchKeepsTheIndex() throws {
        let world = try World("citizen-orphan")
        try world.git("checkout", "-q", "--orphan", "fresh")
        let staged = try world.git("ls-files")
        #expect(staged.split(separator: "\n").count > 1, "\(staged)")
        let outcome = world.habit(["done", "read"])
        try #require(outcome.succeeded, "\(outcome.all)")
        #expect(try world.git("ls-tree", "-r", "--name-only", "HEAD") == staged)
        #expect(try world.git("rev-list", "--count", "HEAD") == "1")
        try world.expectGitAgrees("trackers/read.toml", "orphan")
    }

    @Test("`core.logAllRefUpdates=false`: a move is added to the reflogs that exist and creates none, as git 2.39 does")
    func reflogsWhenLogAllRefUpdatesIsFalse() throws {
        let world = try World("citizen-reflog-false")
        try world.git("config", "core.logAllRefUpdates", "false")
        let before = try world.git("reflog", "main").split(separator: "\n").count
        let headBefore = try world.git("reflog", "HEAD").split(separator: "\n").count
        try #require(world.habit(["done", "read"]).succeeded)
        #expect(try world.git("reflog", "main").split(separator: "\n").count == before + 1)
        #expect(try world.git("reflog", "HEAD").split(separator: "\n").count == headBefore + 1)
        #expect(try world.git("reflog", "-1", "--format=%gs", "main") == "commit: done: Read 2026-11-22")
        // A branch git made under the setting has no reflog, and git's own commits make none.
        try world.git("checkout", "-q", "-b", "other")
        let outcome = world.habit(["done", "read", "--date", "2026-11-21"])
        try #require(outcome.succeeded, "\(outcome.all)")
        #expect(!FileManager.default.fileExists(atPath: world.data + "/.git/logs/refs/heads/other"))
        #expect(try world.git("reflog", "HEAD").split(separator: "\n").count == headBefore + 3)
    }

    @Test("a merge in progress (MERGE_HEAD) stops a change before anything is written, naming `git merge --abort`")
    func mergeInProgressRefuses() throws {
        let world = try World("citizen-merge-head")
        try world.git("checkout", "-q", "-b", "side")
        try FileHandle.append("notes\n", to: world.data + "/NOTES.txt")
        try world.git("add", "NOTES.txt")
        try world.git("commit", "-q", "-m", "notes")
        try world.git("checkout", "-q", "main")
        try world.git("merge", "-q", "--no-ff", "--no-commit", "side")
        let head = try world.git("rev-parse", "HEAD")
        let file = try String(contentsOfFile: world.data + "/trackers/read.toml", encoding: .utf8)
        let outcome = world.habit(["done", "read"])
        #expect(outcome.status == 1, "\(outcome.all)")
        #expect(outcome.err.contains("A git merge is in progress"), "\(outcome.err)")
        #expect(outcome.err.contains("git merge --abort"), "\(outcome.err)")
        #expect(try world.git("rev-parse", "HEAD") == head)
        #expect(try String(contentsOfFile: world.data + "/trackers/read.toml", encoding: .utf8) == file)
        #expect(FileManager.default.fileExists(atPath: world.data + "/.git/MERGE_HEAD"))
    }
}

extension FileHandle {
    /// Appends `text` to the file at `path`, creating it when missing.
    static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }
}
