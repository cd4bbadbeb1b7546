import ArgumentParser
import Foundation
import HabitCore
import HabitStore

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a tracker's fields, or open its file in $EDITOR.",
        discussion: """
            With no option on a terminal, the tracker's file opens in $EDITOR and is checked when you \
            save; if it has errors you are offered to edit it again (like crontab -e).
            Moving the start later drops the marks before it, after confirmation.

            Examples:
              habit edit run --days mon,thu --emoji 🏃‍♀️
              habit edit "Read" --name "Read 20 pages" --goal 8w
              habit edit run --start 2026-11-10 --yes
              habit edit run
            """)

    @OptionGroup var global: DirectoryOptions

    @Argument(help: ArgumentHelp("The tracker: its name, file name, or a unique prefix.", valueName: "tracker"))
    var tracker: String

    @Option(name: .long, help: ArgumentHelp("A new name.", valueName: "name"))
    var name: String?

    @OptionGroup var options: TrackerOptions

    @Flag(name: .long, help: "Don't ask before dropping marks (required without a terminal).")
    var yes = false

    func run() throws {
        let session = Session(directory: global)
        let t = session.t
        let preview = try session.load()
        let today = session.today(preview.settings)
        let target = try session.resolve(tracker, in: preview)

        guard name != nil || options.hasAny else {
            guard session.context.stdinIsTerminal else { throw Failure(t.nothingToEdit, exitCode: 2) }
            try EditorSession(session: session).edit(trackerID: target.id, name: target.name)
            return
        }

        var changes = TrackerChanges()
        if let name {
            let valid = try TrackerOptions.validName(name, t)
            if preview.journal.trackers.contains(where: { $0.id != target.id && TrackerName.key($0.name) == TrackerName.key(valid) }) {
                throw Failure(t.nameTaken(TerminalText.safe(valid)))
            }
            changes.name = valid
        }
        if let category = options.category {
            guard preview.settings.categories.contains(category) else {
                throw Failure(t.unknownCategory(TerminalText.safe(category)), hint: t.unknownCategoryHint(preview.settings.categories.map(TerminalText.safe)))
            }
            changes.category = category
        }
        changes.schedule = try options.schedule(t)
        if let emoji = options.emoji { changes.emoji = .some(emoji.isEmpty ? nil : try TrackerOptions.validEmoji(emoji, t)) }
        if let color = options.color { changes.color = .some(color.isEmpty ? nil : try TrackerOptions.validColor(color, t)) }
        if let description = options.description { changes.description = .some(description.isEmpty ? nil : description) }
        if let goal = options.goal { changes.goal = .some(try TrackerOptions.validGoal(goal, t)) }
        var newStart: CivilDate?
        if let start = options.start {
            let day = try session.parseDay(start, today: today)
            changes.start = .some(day)
            newStart = day
        }

        var confirmedDrop = 0
        if let newStart {
            let dropped = target.log.entries.prefix { $0.day < newStart }.count
            if dropped > 0 {
                guard try session.confirm(t.confirmDropEntries(session.name(target), count: dropped, start: newStart), assumeYes: yes) else {
                    session.out(t.cancelled)
                    return
                }
                confirmedDrop = dropped
            }
        }

        let displayName = changes.name ?? target.name
        try session.modify("edit: \(displayName)", reusing: preview) { store in
            let current = try session.resolve(target.id, in: store)
            if let newStart {
                let drops = current.log.entries.prefix { $0.day < newStart }.count
                if drops > confirmedDrop { throw Failure(t.cancelled, hint: "The tracker changed meanwhile; run the command again.") }
                _ = try store.dropEntries(before: newStart, trackerID: current.id)
            }
            try store.updateTracker(current.id, with: changes)
        }
        if confirmedDrop > 0 { session.out(t.droppedEntries(confirmedDrop)) }
        session.out(t.edited(TerminalText.safe(displayName)))
    }
}
