import ArgumentParser
import FoundationEssentials
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore
import HabitSystem

enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}

/// Options every command takes: where the data is, and when to use colour.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The data directory.", discussion: "Default: $HABIT_DIR, else $XDG_DATA_HOME/habit, else ~/.local/share/habit.", valueName: "path"), completion: .directory)
    var dir: String?

    @Option(name: .long, help: ArgumentHelp("When to use colour: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorChoice = .auto
}

/// What a running command works with: the context, the language, styling and the use cases.
struct Session {
    let context: Context
    let t: Messages
    let style: Style
    let habits: Habits

    init(_ options: GlobalOptions) {
        self.init(dir: options.dir, color: options.color)
    }

    /// The words of the user's language, for a command that needs them before (or without) a
    /// session: a session also checks the data directory's git config and finds the hook.
    static var messages: Messages { Messages(Language.from(environment: Context.current.environment)) }

    /// The data directory named, else the default one.
    init(dir: String?, color: ColorChoice) {
        self.init(directory: DataDirectory.resolve(explicit: dir, environment: Context.current.environment), color: color)
    }

    /// The same, for a caller that resolved the data directory already (`TimerRecovery`).
    init(directory: DataDirectory, color: ColorChoice) {
        context = Context.current
        t = Messages(Language.from(environment: context.environment))
        let environment = context.environment
        let colorOn: Bool
        switch color {
        case .always: colorOn = true
        case .never: colorOn = false
        case .auto: colorOn = context.stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        let style = Style(isEnabled: colorOn, depth: Style.Depth(environment: environment))
        self.style = style
        let errors = context.errors
        let messages = t
        let clock = context.clockSeconds
        var habits = Habits(
            directory: directory, environment: environment,
            onWait: { holder in errors.line(messages.text(.waitingForLock, TerminalText.safe(holder))) }, clock: { clock })
        // An installed reminder timer follows every change of reminder times, once the command succeeded.
        let context = context
        habits.followReminderTimes(
            with: ReminderScheduler(environment: environment, executable: context.executablePath, directory: directory),
            when: { work in context.onSuccess(work) },
            report: { ReminderFollow.report($0, context: context) })
        habits.afterChange = AfterChangeHook.locate(environment: environment)
        habits.onHookProblem = { problem in
            let warning = style.yellow("\(messages[.warning]): ")
            switch problem {
            case .failed(let path, let status, let said):
                let how = status.map { messages.text(.hookExitStatus, $0) } ?? messages[.hookKilled]
                errors.line(warning + messages.text(.hookFailed, TerminalText.safe(path), how))
                if !said.isEmpty { errors.line("  " + TerminalText.safe(said)) }
            case .notExecutable(let path):
                errors.line(warning + messages.text(.hookNotExecutable, TerminalText.safe(path)))
                errors.line(messages[.hint] + ": " + messages[.hookNotExecutableHint])
            case .timedOut(let path, let seconds):
                errors.line(warning + messages.text(.hookTimedOut, TerminalText.safe(path), messages.number(seconds)))
                errors.line(messages[.hint] + ": " + messages[.hookTimedOutHint])
            case .insideDataDirectory(let path):
                errors.line(warning + messages.text(.hookInsideData, TerminalText.safe(path)))
                errors.line(messages[.hint] + ": " + messages[.hookInsideDataHint])
            }
        }
        self.habits = habits
        // The first command of any kind in a clone made by `git clone` gives it the merge driver.
        habits.registerMergeDriverIfMissing()
    }

    var directory: DataDirectory { habits.directory }

    func today(_ settings: Settings) -> CivilDate {
        let clock = context.wallClock
        return settings.today(wallClockDate: clock.day, minutesSinceMidnight: clock.minutes)
    }

    func out(_ text: String = "") { context.output.line(text) }
    /// Columns to fit output into: the terminal's width, 80 into a pipe (or `COLUMNS`).
    var width: Int { context.terminalWidth }
    /// Paragraphs for a person, wrapped between words at the terminal's width (80 columns into a
    /// pipe). Paths go on lines of their own in the templates, so the wrapping never depends on them.
    func prose(_ text: String) {
        out(ProseWrapping.wrap(text, width: context.terminalWidth))
    }
    func err(_ text: String) { context.errors.line(text) }

    /// Loads the directory for reading, with the "not synced" note and a warning about files that
    /// were skipped (both on standard error, so JSON output stays clean).
    func load() throws -> Store {
        let store = try habits.read()
        context.onSuccess { store.saveCache() }
        printOfflineNote()
        warnAboutProblems(store)
        return store
    }

    /// `load`, and the day it is by the data's settings (when the day ends, where the week starts):
    /// what most commands begin with.
    func loadWithToday() throws -> (Store, CivilDate) {
        let store = try load()
        return (store, today(store.settings))
    }

    func warnAboutProblems(_ store: Store) {
        let broken = Set(store.errors.map(\.file))
        if !broken.isEmpty { err(style.yellow("\(t[.warning]): ") + t.text(.filesHaveProblems, broken.count)) }
    }

    /// Prints "3 changes not synced yet: remote unreachable" while changes wait.
    func printOfflineNote() {
        guard let line = offlineNote() else { return }
        err(style.yellow(line))
    }

    /// The offline note's words, naming what starts a sync where it is shown (`habit sync` here,
    /// `S` on `habit ui`'s top line); nil when no change waits.
    func offlineNote(action: SyncAction = .command) -> String? {
        guard let note = habits.offlineNote() else { return nil }
        return t.syncNote(count: note.count, reason: note.reason, action: action)
    }

    func reasonText(_ code: String) -> String {
        Session.reasonWords([code], t)[0]
    }

    /// The words for the reason codes the last failed sync recorded.
    static func reasonWords(_ codes: [String], _ t: Messages) -> [String] {
        codes.map(t.syncReason)
    }

    /// The tracker `text` names.
    func resolve(_ text: String, in store: Store) throws -> Tracker {
        try TrackerReference.resolve(text, in: store)
    }

    /// Asks a yes/no question on a terminal; without one, `--yes` is required.
    func confirm(_ question: String, assumeYes: Bool, defaultYes: Bool = false) throws -> Bool {
        if assumeYes { return true }
        guard context.stdinIsTerminal else { throw Failure.usage(t[.confirmationNeeded]) }
        context.output.write("\(question) \(defaultYes ? "[Y/n]" : t[.yesNoPrompt]) ")
        guard let line = context.readLine() else {
            out()  // the end of input left the cursor after the question
            throw Failure(t[.cancelled], exitCode: ExitStatus.interrupted)
        }
        let answer = line.trimmingWhitespace().lowercased()
        if answer.isEmpty { return defaultYes }
        return ["y", "yes", "д", "да"].contains(answer)
    }

    /// Asks for a line on a terminal; nil at the end of input (Ctrl-D).
    func ask(_ prompt: String) -> String? {
        guard context.stdinIsTerminal else { return nil }
        // Wrapped between words like the rest of the prose: the schedule's question, with its
        // examples, is longer than 80 columns.
        context.output.write(ProseWrapping.wrap("\(prompt):", width: width) + " ")
        return context.readLine()?.trimmingWhitespace()
    }

    func parseDay(_ text: String?, today: CivilDate) throws -> CivilDate {
        guard let text else { return today }
        guard let day = DateArgument.parse(text, today: today) else { throw Failure.usage(t.text(.badDate, TerminalText.safe(text))) }
        return day
    }

    /// A tracker's name made safe for the terminal.
    func name(_ tracker: Tracker) -> String { TerminalText.safe(tracker.name) }
}
