import ArgumentParser
import HabitStore

/// The `habit` command: the root of every subcommand.
public struct HabitCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
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
        version: "0.1.0",
        subcommands: [
            ListCommand.self, AddCommand.self, EditCommand.self, RemoveCommand.self, PinCommand.self,
            UnpinCommand.self, DoneCommand.self, UndoneCommand.self, CategoryCommand.self,
            InitCommand.self, CheckCommand.self, SyncCommand.self, StatusCommand.self, LogCommand.self,
            CommitCommand.self, RemoteCommand.self, MergeDriverCommand.self,
            StatsCommand.self, ShowCommand.self, CalendarCommand.self, WeekCommand.self, SkipCommand.self,
        ],
        defaultSubcommand: ListCommand.self
    )

    public init() {}
}

/// Runs `habit` with arguments in a context; the executable and the tests both come through here.
public enum HabitCLI {
    public static func run(_ arguments: [String], context: Context = .live) -> Int32 {
        Context.$current.withValue(context) {
            execute(arguments, context: context)
        }
    }

    private static func execute(_ arguments: [String], context: Context) -> Int32 {
        let t = Language.from(environment: context.environment).messages
        do {
            var command = try HabitCommand.parseAsRoot(arguments)
            try command.run()
            context.runSuccessActions()
            return 0
        } catch let failure as Failure {
            report(failure, context: context, messages: t)
            return failure.exitCode
        } catch let error as StoreError {
            report(Failure(error.description), context: context, messages: t)
            return 1
        } catch {
            let code = HabitCommand.exitCode(for: error)
            let message = HabitCommand.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { context.output.line(message) }
                return 0
            }
            context.errors.line(message)
            return code.rawValue
        }
    }

    static func report(_ failure: Failure, context: Context, messages t: any Messages) {
        // Errors go to standard error, often captured by scripts: plain text, never escape codes.
        let style = Style(isEnabled: false)
        context.errors.line("habit: \(style.red(t.error)): \(failure.message)")
        for diagnostic in failure.diagnostics {
            context.errors.line(DiagnosticPrinter.render(diagnostic, messages: t, style: style))
        }
        if let hint = failure.hint { context.errors.line(hint) }
    }
}
