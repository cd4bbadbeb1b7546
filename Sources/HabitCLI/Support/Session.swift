import ArgumentParser
import Foundation
import HabitCore
import HabitGit
import HabitKit
import HabitStore

enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}

/// The data directory option, which every command takes.
struct DirectoryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The data directory.", discussion: "Default: $HABIT_DIR, else $XDG_DATA_HOME/habit, else ~/.local/share/habit.", valueName: "path"))
    var dir: String?
}

/// Options of every command that does not take a tracker colour (whose `--color` they would clash with).
struct GlobalOptions: ParsableArguments {
    @OptionGroup var directory: DirectoryOptions

    @Option(name: .long, help: ArgumentHelp("When to use colour: auto (on a terminal, unless NO_COLOR is set), always or never.", valueName: "when"))
    var color: ColorChoice = .auto
}

/// What a running command works with: the context, the language, styling and the data directory.
struct Session {
    let context: Context
    let t: any Messages
    let style: Style
    let workspace: Workspace

    init(_ options: GlobalOptions) {
        self.init(directory: options.directory, color: options.color)
    }

    init(directory options: DirectoryOptions, color: ColorChoice = .auto) {
        context = Context.current
        t = Language.from(environment: context.environment).messages
        let colorOn: Bool
        switch color {
        case .always: colorOn = true
        case .never: colorOn = false
        case .auto: colorOn = context.stdoutIsTerminal && (context.environment["NO_COLOR"] ?? "").isEmpty
                && context.environment["TERM"] != "dumb"
        }
        style = Style(isEnabled: colorOn)
        workspace = Workspace(directory: DataDirectory.resolve(explicit: options.dir, environment: context.environment))
    }

    var directory: DataDirectory { workspace.directory }

    func today(_ settings: Settings) -> CivilDate {
        let clock = context.wallClock
        return settings.today(wallClockDate: clock.day, minutesSinceMidnight: clock.minutes)
    }

    func out(_ text: String = "") { context.output.line(text) }
    func err(_ text: String) { context.errors.line(text) }

    /// Loads the directory for reading, warning (on stderr) about files that were skipped.
    func load() throws -> Store {
        let store: Store
        do {
            store = try workspace.read()
        } catch {
            throw translate(error)
        }
        context.onSuccess { store.saveCache() }
        printOfflineNote()
        warnAboutProblems(store)
        return store
    }

    func warnAboutProblems(_ store: Store) {
        let broken = Set(store.diagnostics.filter { $0.severity == .error }.map(\.file))
        if !broken.isEmpty { err(style.yellow("\(t.warning): ") + t.filesHaveProblems(broken.count)) }
    }

    /// Changes the directory under the lock, with one commit, translating store errors.
    func modify<Result>(_ message: String, reusing preview: Store? = nil, _ change: (Store) throws -> Result) throws -> Result {
        do {
            return try workspace.modify(message, reusing: preview, onWait: { holder in
                err("waiting for the data directory (held by \(TerminalText.safe(holder)))…")
            }) { store in try change(store) }
        } catch {
            throw translate(error)
        }
    }

    func translate(_ error: any Error) -> any Error {
        if let error = error as? KitError {
            return Failure(redactCredentials(error.message), hint: error.hint, diagnostics: error.diagnostics)
        }
        if let error = error as? GitError {
            return Failure(redactCredentials(error.description), hint: GitHints.hint(for: error))
        }
        guard let storeError = error as? StoreError else { return error }
        switch storeError {
        case .notInitialized(let path):
            return Failure(t.notInitialized(path), hint: t.notInitializedHint)
        case .invalidData(let diagnostics):
            let files = Set(diagnostics.map(\.file)).sorted()
            return Failure("\(files.joined(separator: ", ")) cannot be changed until \(files.count == 1 ? "its" : "their") errors are fixed; nothing was written.",
                           hint: "Fix the lines below (or run `habit check`), then try again.", diagnostics: diagnostics)
        case .locked(let holder, _):
            return Failure("the data directory is busy: \(TerminalText.safe(holder))", hint: "Try again in a moment.")
        case .io:
            return Failure(storeError.description)
        }
    }

    /// Asks a yes/no question on a terminal; without one, `--yes` is required.
    func confirm(_ question: String, assumeYes: Bool) throws -> Bool {
        if assumeYes { return true }
        guard context.stdinIsTerminal else { throw Failure(t.confirmationNeeded, exitCode: 2) }
        context.output.write("\(question) \(t.yesNoPrompt) ")
        let answer = (context.readLine() ?? "").trimmingWhitespace().lowercased()
        return ["y", "yes", "д", "да"].contains(answer)
    }

    /// Asks for a line on a terminal; nil when there is none (callers then report the missing option).
    func ask(_ prompt: String) -> String? {
        guard context.stdinIsTerminal else { return nil }
        context.output.write("\(prompt): ")
        return context.readLine()?.trimmingWhitespace()
    }

    func parseDay(_ text: String?, today: CivilDate) throws -> CivilDate {
        guard let text else { return today }
        guard let day = DateArgument.parse(text, today: today) else { throw Failure(t.badDate(TerminalText.safe(text)), exitCode: 2) }
        return day
    }

    /// A tracker's name made safe for the terminal.
    func name(_ tracker: Tracker) -> String { TerminalText.safe(tracker.name) }
}
