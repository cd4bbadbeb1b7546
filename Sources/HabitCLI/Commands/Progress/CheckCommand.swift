import ArgumentParser
import HabitErrorWords
import HabitLocalization
import HabitStore

struct CheckCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every file of the data directory and report problems with file:line:column.",
        discussion: """
            Exits with status 1 when there is an error, 0 when the directory is clean (warnings allowed).

            Examples:
              habit check
              habit check --dir examples --json
            """)

    @OptionGroup var global: GlobalOptions

    @OptionGroup var json: JSONFlag<PlainJSON>

    func run(in session: Session) throws {
        let t = session.t
        let store = try session.habits.read(useCache: false)
        // A format every change refuses is an error of the directory, said in the refusal's words.
        let format = session.habits.unsupportedFormat()
        let errors = store.errors.count + (format == nil ? 0 : 1)
        let warnings = store.diagnostics.count - store.errors.count
        if json.isSet {
            session.context.output.write(JSON.object([
                ("errors", .int(errors)), ("warnings", .int(warnings)),
                ("unsupported_format", .optional(format?.setting)),
                ("diagnostics", .array(store.diagnostics.map { diagnostic in
                    let (message, hint) = DiagnosticWords.words(diagnostic.problem, t)
                    return .object([
                        ("file", .string(diagnostic.file)), ("line", .int(diagnostic.line)), ("column", .int(diagnostic.column)),
                        ("severity", .string(diagnostic.severity.rawValue)), ("message", .string(message)),
                        ("hint", .optional(hint)),
                    ])
                })),
            ]).rendered())
        } else if store.diagnostics.isEmpty, format == nil {
            session.out(t.text(.checkClean, store.trackerIDs.count + 1))
        } else {
            for line in format.map(session.unsupportedFormatLines) ?? [] { session.out(line) }
            for diagnostic in store.diagnostics {
                session.out(DiagnosticPrinter.render(diagnostic, messages: t, style: session.style))
            }
            session.out(t.text(.checkSummary, errors, warnings))
        }
        if errors > 0 { throw ExitCode(ExitStatus.refused) }
    }
}
