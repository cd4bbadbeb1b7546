import Foundation
import HabitStore

/// `habit edit TRACKER` with no options: the file in $EDITOR, validated on save.
///
/// The user edits a copy; only a copy that loads cleanly replaces the real file, so a half-edited
/// or broken file never lands in the data directory.
struct EditorSession {
    let session: Session

    func edit(trackerID id: String, name: String) throws {
        let t = session.t
        let path = session.directory.trackerPath(id: id)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("habit-edit-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("\(id).toml")
        try original.write(to: copy)
        let editor = session.context.environment["VISUAL"] ?? session.context.environment["EDITOR"] ?? "vi"

        while true {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(editor) \"$1\"", "sh", copy.path]
            try process.run()
            process.waitUntilExit()
            let edited = try Data(contentsOf: copy)
            if edited == original {
                session.out(t.cancelled)
                return
            }
            let problems = try validate(edited, id: id)
            if problems.isEmpty {
                try session.modify("edit: \(name)") { _ in
                    // Refuse if the file changed on disk while the editor was open.
                    let current = try Data(contentsOf: URL(fileURLWithPath: path))
                    guard current == original else {
                        throw Failure("\(DataDirectory.trackerFile(id: id)) changed while you were editing; nothing was written.")
                    }
                    try AtomicFile.write(Array(edited), to: path)
                }
                session.out(t.edited(TerminalText.safe(name)))
                return
            }
            for diagnostic in problems { session.err(DiagnosticPrinter.render(diagnostic, messages: t, style: session.style)) }
            guard try session.confirm("Edit again?", assumeYes: false) else {
                session.out(t.cancelled)
                return
            }
        }
    }

    /// Loads the data directory as it would be with the edited file, and returns that file's errors.
    private func validate(_ bytes: Data, id: String) throws -> [Diagnostic] {
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("habit-check-\(getpid())")
        try? FileManager.default.removeItem(at: staging)
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("trackers"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        try FileManager.default.copyItem(atPath: session.directory.settingsPath, toPath: staging.appendingPathComponent(DataDirectory.settingsFileName).path)
        let store = try Store.load(session.directory)
        for other in store.journal.trackers where other.id != id {
            try FileManager.default.copyItem(atPath: session.directory.trackerPath(id: other.id),
                                             toPath: staging.appendingPathComponent("trackers/\(other.id).toml").path)
        }
        try bytes.write(to: staging.appendingPathComponent("trackers/\(id).toml"))
        let checked = try Store.load(DataDirectory(path: staging.path), useCache: false)
        return checked.diagnostics(forTracker: id).filter { $0.severity == .error }
    }
}
