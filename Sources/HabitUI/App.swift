import HabitCore
import HabitKit
import HabitLocalization
import HabitScreens
import HabitStore
import TerminalUI

/// `habit ui`'s loop: draw, wait for a key or a tick, carry out the change through HabitKit, load
/// again. Everything the front-end shows comes from `AppState`; every change is a use case.
public struct App {
    /// How `e`'s editor round trip ended: `habit edit`'s last sentence ("No change; nothing was
    /// written.", "Edited “Run”."), or the words of a refusal.
    public enum EditorOutcome: Hashable, Sendable {
        case note(String)
        case refused(String)
    }

    /// What the command gives the app: the use cases, the words, and the CLI's ways of wording an
    /// error and a file's problem (so both say the same).
    public struct Setup {
        public var habits: Habits
        public var t: Messages
        public var environment: [String: String]
        public var today: (Settings) -> CivilDate
        public var describeError: (HabitError) -> String
        public var describeDiagnostic: (Diagnostic) -> String
        /// `habit edit`'s editor round trip for a tracker (the CLI's `EditorFlow`): how it ended,
        /// in words for the app's screen (the normal screen, where the app is away, gets none of
        /// them). Run with the terminal given back.
        public var editInEditor: (String) -> EditorOutcome? = { _ in nil }
        /// `habit ui --mouse`: clicks and the wheel (off by default: capturing the mouse takes the
        /// terminal's own text selection away).
        public var mouse = false
        /// A sync's outcome in `habit sync`'s words, on one line.
        public var describeSync: (SyncReport) -> String = { _ in "" }
        /// The offline note every command shows while changes wait for a sync; nil when none wait.
        public var offlineNote: () -> String? = { nil }
        /// Tests only, never set by `habit ui`: this key traps (a Swift runtime error), to check that
        /// a crash gives the terminal back (Sources/habit-ui-crash, a test program, sets it).
        public var trapKey: Character?

        public init(habits: Habits, t: Messages, environment: [String: String], today: @escaping (Settings) -> CivilDate,
                    describeError: @escaping (HabitError) -> String, describeDiagnostic: @escaping (Diagnostic) -> String) {
            self.habits = habits
            self.t = t
            self.environment = environment
            self.today = today
            self.describeError = describeError
            self.describeDiagnostic = describeDiagnostic
        }
    }

    let setup: Setup

    public init(_ setup: Setup) { self.setup = setup }

    /// Loads the directory; the notice names the first file with an error (file:line:column), which
    /// is then left as it is: a file that does not parse is never written.
    func load() -> (Journal, Settings, String?)? {
        do {
            let store = try setup.habits.read()
            store.saveCache()
            let notice = store.errors.first.map(setup.describeDiagnostic)
            return (store.journal, store.settings, notice)
        } catch {
            return nil
        }
    }

    enum Outcome {
        case done
        /// Another process holds the lock: the change waits for the next tick.
        case busy(String)
        case refused(String)
    }

    /// Carries out a change. The lock is asked for briefly (`lockTimeout`): when another process
    /// holds it, the app says so and tries again on the next tick; it never hangs.
    func perform(_ effect: AppState.Effect, today: CivilDate) -> Outcome {
        do {
            switch effect {
            case .mark(let mark, let id, let day):
                _ = try setup.habits.mark(mark, id, on: day, today: today)
            case .amount(let value, let id, let day):
                _ = try setup.habits.mark(.done, id, on: day, today: today, amount: .set(value))
            case .pin(let pinned, let id):
                try setup.habits.setPinned(pinned, id)
            case .archive(let id):
                _ = try setup.habits.setArchived(true, id)
            case .unarchive(let id):
                _ = try setup.habits.setArchived(false, id)
            case .delete(let id):
                try setup.habits.removeTracker(id)
            case .create(let form):
                // What `habit add` does: the use case, then the category kept for next time.
                let store = try setup.habits.read()
                guard let new = form.newTracker(in: store) else { return .refused(setup.t[.cancelled]) }
                let tracker = try setup.habits.addTracker(new, reusing: store)
                setup.habits.rememberLastUsedCategory(tracker.category)
            case .save(let form, let dropping):
                let store = try setup.habits.read()
                guard let id = form.editing?.id, let changes = form.changes(in: store.journal) else {
                    return .refused(setup.t[.cancelled])
                }
                _ = try setup.habits.editTracker(id, changes, droppingMarks: dropping, reusing: store)
            case .addCategory(let name):
                try setup.habits.addCategory(name)
            case .renameCategory(let old, let new):
                try setup.habits.renameCategory(old, to: new)
            case .removeCategory(let name):
                try setup.habits.removeCategory(name)
            case .createDirectory:
                // What `habit init` does: the settings template, history on, no remote.
                _ = try setup.habits.initialize(settings: SettingsTemplate.text(), history: true, remote: nil,
                                                options: SyncOptions(environment: setup.environment))
            case .edit, .sync, .quit, .repaint, .interrupt:
                break  // run by the loop: the editor needs the terminal, a sync runs in the background
            }
            return .done
        } catch {
            if case .busy = error { return .busy(setup.describeError(error)) }
            return .refused(setup.describeError(error))
        }
    }

    /// Runs until `q` (exit status 0) or Ctrl-C (130, as shells expect of an interrupt); the exit status.
    /// Without a data directory it starts on the onboarding pages, whose button creates it.
    public func run() throws -> Int32 {
        var state: AppState
        if setup.habits.directory.isInitialized {
            guard let (journal, settings, notice) = load() else {
                _ = try setup.habits.read()  // throws the reason, worded by the command
                return 1
            }
            state = AppState(journal: journal, today: setup.today(settings), language: setup.t.language)
            state.notice = notice
            state.offlineNote = setup.offlineNote()
        } else {
            state = AppState(onboarding: OnboardingScreen(directory: setup.habits.directory.path), today: setup.today(Settings()),
                             language: setup.t.language)
        }
        state.lastUsedCategory = setup.habits.lastUsedCategory()
        return try AppSession(self, state: state).run()
    }
}
