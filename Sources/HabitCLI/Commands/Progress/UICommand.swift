import ArgumentParser
import HabitCore
import HabitKit
import HabitErrorWords
import HabitLocalization
import HabitUI
import TerminalUI

/// `habit ui`: starts the full-screen app (the HabitUI module); everything it shows and does is there.
struct UICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "The trackers of a day, full screen: move, mark, skip, search, filter, statistics.",
        discussion: """
            Every change goes through the same steps as the commands (lock, check, write, commit), so it \
            is saved the moment it is made; changes made elsewhere appear by themselves. Press ? for \
            every key, q to quit. Keys: docs/ui.md.
            """)

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let session = Session(global)
        let t = session.t
        if let reason = Self.problem(session.context) {
            throw Failure.usage(t.text(.uiNeedsTerminal, t[reason]), hint: t[.uiNeedsTerminalHint])
        }
        let store = try session.load()
        let style = session.style
        let setup = App.Setup(
            habits: session.habits, t: t, environment: session.context.environment,
            today: { settings in session.today(settings) },
            describeError: { error in
                let failure = ErrorPresenter.failure(error, t)
                return [failure.message, failure.hint].compactMap { $0 }.joined(separator: " ")
            },
            describeDiagnostic: { diagnostic in
                let (message, _) = DiagnosticWords.words(diagnostic.problem, t)
                return "\(TerminalText.safe(diagnostic.location)): \(t[.error]): \(TerminalText.safe(message))"
            })
        _ = store
        _ = style
        var withEditor = setup
        withEditor.editInEditor = { id in
            do {
                guard let tracker = try session.habits.read().journal.tracker(id: id) else { return nil }
                try EditorFlow(session: session).edit(tracker, assumeYes: false)
                return nil
            } catch let failure as Failure {
                return [failure.message, failure.hint].compactMap { $0 }.joined(separator: " ")
            } catch let error as HabitError {
                return setup.describeError(error)
            } catch {
                return "\(error)"
            }
        }
        let status = try App(withEditor).run()
        if status != 0 { throw ExitCode(status) }
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
