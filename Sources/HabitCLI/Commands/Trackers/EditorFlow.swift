import HabitCore
import HabitKit
import HabitStore
#if canImport(Glibc)
import Glibc
#endif

/// `habit edit TRACKER` with no option: the file in the user's editor, checked on save.
///
/// The editor runs on a copy, in the foreground of the terminal as `git commit` runs it (same
/// process group, habit ignoring Ctrl-C meanwhile so only the editor gets it). Only a copy that
/// checks clean replaces the real file, through the same use case (and commit) as every change.
struct EditorFlow {
    let session: Session

    func edit(_ tracker: Tracker, assumeYes: Bool) throws {
        let t = session.t
        let store = try session.habits.read()
        guard let original = store.bytes(ofTracker: tracker.id) else {
            throw HabitError.invalidFiles(store.diagnostics(forTracker: tracker.id))
        }
        let scratch = try ScratchCopy(name: tracker.id + ".toml", contents: original)
        defer { scratch.remove() }
        let editor = session.context.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? session.context.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        while true {
            try ForegroundProcess.runShell("\(editor) \"$1\"", argument: scratch.path, environment: session.context.environment,
                                           failure: { t.text(.editorFailed, TerminalText.safe(editor), $0) }, hint: t[.editorFailedHint])
            let edited = scratch.read()
            if edited == original {
                session.out(t[.editorUnchanged])
                return
            }
            let problems = try session.habits.checkTrackerFile(tracker.id, edited: edited)
            let errors = problems.filter { $0.severity == .error }
            if errors.isEmpty {
                // Marks before the start are the drop question's business (below), not a warning.
                for warning in problems {
                    if case .marksBeforeStart = warning.problem { continue }
                    session.err(DiagnosticPrinter.render(warning, messages: t, style: session.style))
                }
                guard let (saved, dropped) = try DropConsent.run(session, assumeYes: assumeYes, { allowed in
                    try session.habits.replaceTrackerFile(tracker.id, original: original, edited: edited, droppingMarks: allowed)
                }) else {
                    session.out(t[.cancelled])
                    return
                }
                if dropped > 0 { session.out(t.text(.droppedMarks, dropped)) }
                session.out(t.text(.edited, session.name(saved)))
                return
            }
            for diagnostic in errors { session.err(DiagnosticPrinter.render(diagnostic, messages: t, style: session.style)) }
            guard try session.confirm(t[.editAgain], assumeYes: false, defaultYes: true) else {
                session.out(t[.cancelled])
                return
            }
        }
    }
}

/// A private copy of a file in a fresh temporary folder, for an editor to work on.
struct ScratchCopy {
    let folder: String
    let path: String

    init(name: String, contents: [UInt8]) throws {
        let base = (Context.current.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/habit-edit-XXXXXX"
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure("could not create a temporary folder in \(base)") }
        folder = String(cString: made)
        path = folder + "/" + name
        try SafeDirectory(root: folder).write(name, contents: contents)
    }

    func read() -> [UInt8] {
        (try? SafeDirectory(root: folder).read(String(path.dropFirst(folder.count + 1))).get()) ?? []
    }

    func remove() {
        // The editor may leave swap or backup files beside the copy.
        if case .success(let names) = SafeDirectory(root: folder).list("") {
            for name in names { unlink(folder + "/" + name) }
        }
        rmdir(folder)
    }
}

/// Runs a command in the foreground of the terminal and waits for it.
enum ForegroundProcess {
    static func runShell(_ command: String, argument: String, environment: [String: String],
                         failure: (String) -> String, hint: String) throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with the usual signal handling even though habit ignores SIGINT meanwhile.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = ["/bin/sh", "-c", command, "sh", argument]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
        guard code == 0 else { throw Failure(failure(SystemError.text(code)), hint: hint) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0
        let exitCode = (status >> 8) & 0xFF
        if exited, exitCode == 127 { throw Failure(failure("exit status 127: not found"), hint: hint) }
    }
}
