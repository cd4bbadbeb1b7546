import HabitCore
import HabitKit
import HabitStore
import HabitSystem
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

    /// - Parameter ending: where the flow's last sentence goes ("No change; nothing was
    ///   written.", "Edited “Run”."): printed by default; `habit ui` shows it on its own screen,
    ///   since the normal screen is not seen once the app is back.
    func edit(_ tracker: Tracker, assumeYes: Bool, ending: ((String) -> Void)? = nil) throws {
        let t = session.t
        let say = ending ?? { session.out($0) }
        let store = try session.habits.read()
        guard let original = store.bytes(ofTracker: tracker.id) else {
            throw HabitError.invalidFiles(store.diagnostics(forTracker: tracker.id))
        }
        let scratch = try ScratchCopy(name: tracker.id + ".toml", contents: original)
        defer { scratch.remove() }
        let editor = session.context.environment["VISUAL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? session.context.environment["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        while true {
            switch ForegroundProcess.runShell("\(editor) \"$1\"", argument: scratch.path, environment: session.context.environment) {
            case .notStarted(let code):
                throw Failure(t.text(.editorFailed, TerminalText.safe(editor), ErrorNumber.text(code)), hint: t[.editorFailedHint])
            case .exited(127):
                throw Failure(t.text(.editorFailed, TerminalText.safe(editor), "exit status 127: not found"), hint: t[.editorFailedHint])
            case .exited, .signalled:
                break
            }
            let edited = scratch.read()
            if edited == original {
                say(t[.editorUnchanged])
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
                    say(t[.cancelled])
                    return
                }
                if dropped > 0 { say(t.text(.droppedMarks, dropped)) }
                say(t.text(.edited, session.name(saved)))
                return
            }
            for diagnostic in errors { session.err(DiagnosticPrinter.render(diagnostic, messages: t, style: session.style)) }
            guard try session.confirm(t[.editAgain], assumeYes: false, defaultYes: true) else {
                say(t[.cancelled])
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
