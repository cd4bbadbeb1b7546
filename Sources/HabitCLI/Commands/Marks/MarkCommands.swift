import ArgumentParser
import HabitKit
import HabitCore

/// Options of the commands that mark a day.
struct MarkOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix.", valueName: "tracker"),
              completion: Completions.trackers)
    var tracker: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day: 2026-11-21, today, yesterday, -3, a weekday name or `last friday` (default: today).", valueName: "day"))
    var date: String?
}

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a tracker done on a day (today by default).",
        discussion: """
            Refused for a future day, for a habit on a day it is not scheduled, before its start, and \
            for an event already done on another day.

            Examples:
              habit done run
              habit done "Morning run" --date yesterday
              habit done run --date "last friday"
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    func run() throws { try Marking(global: global, options: mark).apply(.done) }
}

struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undone",
        abstract: "Remove the mark of a tracker on a day (today by default).",
        discussion: """
            Examples:
              habit undone run
              habit undone run --date -2
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    func run() throws { try Marking(global: global, options: mark).apply(nil) }
}

struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Mark a day of a tracker as skipped for a good reason (today by default).",
        discussion: """
            A skipped day is excused: it neither extends nor breaks a streak and is left out of the \
            completion rate. It is written in the log as "skip". Refused for a future day, for a habit \
            on a day it is not scheduled, and before its start; `habit undone` removes the mark.

            Examples:
              habit skip run
              habit skip "Morning run" --date yesterday
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var mark: MarkOptions

    func run() throws { try Marking(global: global, options: mark).apply(.skipped) }
}

/// The shared flow of done / undone / skip.
struct Marking {
    let global: GlobalOptions
    let options: MarkOptions

    func apply(_ mark: Mark?) throws {
        let session = Session(global)
        let t = session.t
        let preview = try session.load()
        let today = session.today(preview.settings)
        let day = try session.parseDay(options.date, today: today)
        let outcome: MarkOutcome
        do {
            outcome = try session.habits.mark(mark, options.tracker, on: day, today: today, reusing: preview)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        let name = session.name(outcome.tracker)
        let dayText = t.dayPhrase(day, today: today)
        let key: MessageKey = switch (mark, outcome.changed) {
        case (.done?, true): .markedDone
        case (.done?, false): .alreadyDone
        case (.skipped?, true): .markedSkipped
        case (.skipped?, false): .alreadySkipped
        case (nil, true): .markedUndone
        case (nil, false): .notMarked
        }
        session.out(t.text(key, name, dayText))
    }
}
