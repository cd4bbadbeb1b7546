import ArgumentParser
import HabitCore

/// Options of the commands that mark a day.
struct MarkOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix.", valueName: "tracker"))
    var tracker: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day: 2026-11-21, today, yesterday, -3, or a weekday name (default: today).", valueName: "day"))
    var date: String?
}

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a tracker done on a day (today by default).",
        discussion: """
            Refused for a future day, for a habit on a day it is not scheduled, and before its start.

            Examples:
              habit done run
              habit done "Morning run" --date yesterday
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
        let target = try session.resolve(options.tracker, in: preview)
        let name = session.name(target)
        let dayText = t.dayPhrase(day, today: today)

        if mark != nil, let refusal = target.markingRefusal(on: day, today: today) {
            switch refusal {
            case .future: throw Failure(t.refusedFuture(dayText), hint: t.refusedFutureHint)
            case .beforeStart(let start): throw Failure(t.refusedBeforeStart(name, start: start))
            case .notScheduled(let days):
                throw Failure(t.refusedNotScheduled(name, day: dayText, schedule: t.scheduleSummary(.weekly(days))))
            case .eventAlreadyDone(let doneDay):
                throw Failure("“\(name)” was already done \(t.dayPhrase(doneDay, today: today)); an event is done once.",
                              hint: "To move it, first run: habit undone \"\(name)\" --date \(doneDay)")
            }
        }
        let verb = mark.map { $0 == .done ? "done" : "skip" } ?? "undone"
        let changed = try session.modify("\(verb): \(target.name) \(day)", reusing: preview) { store in
            try store.setMark(mark, on: day, trackerID: try session.resolve(target.id, in: store).id)
        }
        switch (mark, changed) {
        case (.done?, true): session.out(t.markedDone(name, day: dayText))
        case (.done?, false): session.out(t.alreadyDone(name, day: dayText))
        case (.skipped?, true): session.out(t.markedSkipped(name, day: dayText))
        case (.skipped?, false): session.out(t.alreadySkipped(name, day: dayText))
        case (nil, true): session.out(t.markedUndone(name, day: dayText))
        case (nil, false): session.out(t.notMarked(name, day: dayText))
        }
    }
}
