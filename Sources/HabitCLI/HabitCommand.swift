import ArgumentParser
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore

/// The `habit` command: the root of every subcommand.
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Build habits and see your progress, from plain-text files.",
        discussion: """
            Trackers live as TOML files in a data directory (see --dir). Running `habit` alone shows \
            what is due today.

            Examples:
              habit                                   what is due today
              habit done run                          mark "Morning run" done today
              habit add Read --category Study --daily
            """,
        version: BuildVersion.text,
        subcommands: [
            ListCommand.self, AddCommand.self, EditCommand.self, RemoveCommand.self, PinCommand.self,
            UnpinCommand.self, DoneCommand.self, UndoneCommand.self, SkipCommand.self, SlipCommand.self, UnslipCommand.self,
            TimerCommand.self, CategoryCommand.self,
            InitCommand.self, CheckCommand.self, SyncCommand.self, StatusCommand.self, LogCommand.self,
            CommitCommand.self, RemoteCommand.self, MergeDriverCommand.self,
            StatsCommand.self, ReportCommand.self, ShowCommand.self, CalendarCommand.self, WeekCommand.self,
            RemindCommand.self, PromptCommand.self, UICommand.self,
            // MARK: import and export
            ArchiveCommand.self, UnarchiveCommand.self, ImportCommand.self, ExportCommand.self,
            ServeCommand.self, MCPCommand.self,
        ],
        defaultSubcommand: ListCommand.self
    )
}

/// Runs `habit` with arguments in a context; the executable and the tests both come through here.
public enum HabitCLI {
    public static func run(_ arguments: [String]) -> Int32 {
        run(arguments, context: .live)
    }

    static func run(_ arguments: [String], context: Context) -> Int32 {
        Context.$current.withValue(context) {
            execute(arguments, context: context)
        }
    }

    private static func execute(_ arguments: [String], context: Context) -> Int32 {
        let t = Messages(Language.from(environment: context.environment))
        let arguments = ArgumentOrder.globalOptionsAfterCommand(arguments)
        if let failure = ArgumentOrder.oldTrackerColor(arguments, t) {
            report(failure, context: context, messages: t)
            return failure.exitCode
        }
        let direct = ArgumentOrder.leafCommand(arguments)
        if direct == nil, let failure = ArgumentOrder.unknownCommand(arguments, t) {
            report(failure, context: context, messages: t)
            return failure.exitCode
        }
        do {
            var command = try direct ?? HabitCommand.parseAsRoot(arguments)
            TimerRecovery.offer(for: command, context: context)
            try command.run()
            context.runSuccessActions()
            return ExitStatus.success
        } catch let failure as Failure {
            report(failure, context: context, messages: t)
            return failure.exitCode
        } catch let error as HabitError {
            let failure = ErrorPresenter.failure(error, t)
            report(failure, context: context, messages: t)
            return failure.exitCode
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            let code = HabitCommand.exitCode(for: error)
            let message = HabitCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { context.output.line(message) }
                return ExitStatus.success
            }
            // The argument parser's own errors (unknown option, missing value) are usage errors.
            context.errors.line(TerminalText.safeKeepingLines(message))
            return code == .validationFailure || code.rawValue == 64 ? ExitStatus.usage : code.rawValue
        }
    }

    static func report(_ failure: Failure, context: Context, messages t: Messages) {
        // Errors go to standard error, often captured by scripts: plain text, never escape codes,
        // and nothing a file or a server wrote can reach the terminal raw.
        let style = Style(isEnabled: false)
        context.errors.line("habit: \(t[.error]): \(TerminalText.safeKeepingLines(failure.message))")
        for diagnostic in failure.diagnostics {
            context.errors.line(DiagnosticPrinter.render(diagnostic, messages: t, style: style))
        }
        if let hint = failure.hint { context.errors.line(TerminalText.safeKeepingLines(hint)) }
    }
}

/// Global options may come before the command (`habit --dir X stats`); the parser wants them
/// after it. And a mistyped command gets a suggestion instead of the default command's usage.
enum ArgumentOrder {
    static let valueOptions: Set<String> = ["--dir", "--color"]

    static var commandNames: [String] {
        HabitCommand.configuration.subcommands.flatMap { command in
            [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
        }
    }

    /// Moves leading global options after the command name.
    static func globalOptionsAfterCommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if valueOptions.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if valueOptions.contains(where: { argument.hasPrefix($0 + "=") }) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        // After the whole command path: `habit --dir X remind install` is `remind install --dir X`.
        // Commands are looked up in order, so `list` and `done` do not build the configuration of
        // every command, as `commandNames` does.
        guard !leading.isEmpty, index < arguments.count,
              var command = named(arguments[index], in: HabitCommand.configuration.subcommands) else { return arguments }
        var end = index + 1
        while end < arguments.count, let sub = named(arguments[end], in: command.configuration.subcommands) {
            command = sub
            end += 1
        }
        return Array(arguments[index..<end]) + leading + arguments[end...]
    }

    static func named(_ name: String, in commands: [ParsableCommand.Type]) -> ParsableCommand.Type? {
        commands.first { $0.configuration.commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// The command a command line names when it is a command without subcommands (or the default
    /// command, `list`, when the line starts with an option or is empty), parsed by ArgumentParser
    /// from that command's own declarations: the tree of every command is not built for the
    /// commands run most (`habit`, `habit done run`). nil for anything else, and for a line that
    /// does not parse that way (help, `--version`, completion scripts, a mistake): the root parse
    /// then reads it and gives ArgumentParser's own messages, as for every other command.
    static func leafCommand(_ arguments: [String]) -> ParsableCommand? {
        var rest = arguments[...]
        var command: ParsableCommand.Type = ListCommand.self
        if let first = rest.first, !first.hasPrefix("-") {
            guard let leaf = named(first, in: HabitCommand.configuration.subcommands), leaf.configuration.subcommands.isEmpty
            else { return nil }
            command = leaf
            rest = rest.dropFirst()
        }
        let rootOnly: Set<String> = ["-h", "--help", "--help-hidden", "--version", "--experimental-dump-help"]
        guard !rest.contains(where: { rootOnly.contains($0) || $0.hasPrefix("--generate-completion") }) else { return nil }
        return try? command.parseAsRoot(Array(rest))
    }

    /// `--color NAME` on `add` or `edit`: the tracker's colour is `--tracker-color`, and `--color`
    /// takes the terminal's colour mode, so a value that is no mode is the old spelling.
    static func oldTrackerColor(_ arguments: [String], _ t: Messages) -> Failure? {
        guard let command = arguments.first, ["add", "edit"].contains(command) else { return nil }
        for (index, argument) in arguments.enumerated().dropFirst() {
            if argument == "--" { break }
            let value: String
            if argument == "--color", index + 1 < arguments.count {
                value = arguments[index + 1]
            } else if argument.hasPrefix("--color=") {
                value = String(argument.dropFirst("--color=".count))
            } else {
                continue
            }
            // A mode in another case is left to the parser, which lists the modes.
            if ColorChoice(rawValue: value.lowercased()) != nil || value.isEmpty { continue }
            let shown = TerminalText.safe(value)
            return .usage(t.text(.notAColorMode, shown), hint: t.text(.useTrackerColor, shown))
        }
        return nil
    }

    /// A first word that is neither a command nor an option: the default command takes no word.
    static func unknownCommand(_ arguments: [String], _ t: Messages) -> Failure? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first), first != "help" else { return nil }
        let suggestion = EditDistance.suggestion(for: first, among: commandNames)
            ?? commandNames.first { $0.hasPrefix(first.lowercased()) && first.count >= 2 }
        return .usage(t.text(.unknownCommand, TerminalText.safe(first)),
                      hint: suggestion.map { t.text(.didYouMean, $0) } ?? t[.seeHelp])
    }
}
