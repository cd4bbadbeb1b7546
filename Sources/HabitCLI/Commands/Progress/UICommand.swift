import ArgumentParser
import HabitCore
import HabitKit
import HabitErrorWords
import HabitLocalization
import HabitUI
import TerminalUI

/// `habit ui`: starts the full-screen app (the HabitUI module); everything it shows and does is there.
struct UICommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "The trackers of a day, full screen: move, mark, skip, search, filter, statistics.",
        discussion: """
            Every change goes through the same steps as the commands (lock, check, write, commit), so it \
            is saved the moment it is made; changes made elsewhere appear by themselves. S syncs as \
            habit sync does. Without a data directory it starts with the first-run pages, whose button \
            creates it as habit init does. Press ? for every key, q to quit. Keys: docs/ui.md.
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Clicks and the wheel: a click selects a card, a second click marks it (the terminal's own text selection then needs Shift).")
    var mouse = false

    func run(in session: Session) throws {
        let t = session.t
        if let reason = Self.problem(session.context) {
            throw Failure.usage(t.text(.uiNeedsTerminal, t[reason]), hint: t[.uiNeedsTerminalHint])
        }
        // Without a data directory the app starts on the onboarding pages, which create it; the
        // app loads the directory itself (once: the offline note is its top line).
        let setup = App.Setup(
            habits: session.habits, t: t, environment: session.context.environment,
            today: { settings in session.today(settings) },
            describeError: { error in Self.words(for: error, t) },
            describeDiagnostic: { diagnostic in
                let (message, _) = DiagnosticWords.words(diagnostic.problem, t)
                return "\(TerminalText.safe(diagnostic.location)): \(t[.error]): \(TerminalText.safe(message))"
            })
        var withEditor = setup
        withEditor.mouse = mouse
        withEditor.describeSync = { report in SyncWords.sentence(report, t) }
        withEditor.offlineNote = { session.offlineNote(action: .key) }
        withEditor.editInEditor = { id in
            do {
                guard let tracker = try session.habits.read().journal.tracker(id: id) else { return nil }
                var said: [String] = []
                try EditorFlow(session: session).edit(tracker, assumeYes: false) { said.append($0) }
                return said.isEmpty ? nil : .note(said.joined(separator: " "))
            } catch let failure as Failure {
                return .refused([failure.message, failure.hint].compactMap { $0 }.joined(separator: " "))
            } catch let error as HabitError {
                return .refused(setup.describeError(error))
            } catch {
                return .refused("\(error)")
            }
        }
        let status = try App(withEditor).run()
        if status != 0 { throw ExitCode(status) }
    }

    /// A refusal as the screen words it: the command line's sentence and hint, except that a
    /// refused mark gets no hint, since its hints name the command line's options ("Leave out
    /// --date…", `habit edit … --start`) and the sentence says what happened, as on the web app.
    static func words(for error: HabitError, _ t: Messages) -> String {
        let failure = ErrorPresenter.failure(error, t)
        if case .markRefused = error { return failure.message }
        return [failure.message, failure.hint].compactMap { $0 }.joined(separator: " ")
    }

    /// Why the app cannot start here, in the order a person fixes it: the terminal type first.
    static func problem(_ context: Context) -> MessageKey? {
        let term = context.environment["TERM"] ?? ""
        if term.isEmpty { return .uiReasonNoTerm }
        if term == "dumb" { return .uiReasonDumb }
        if !context.stdinIsTerminal { return .uiReasonInput }
        if !context.stdoutIsTerminal { return .uiReasonOutput }
        return nil
    }
}
