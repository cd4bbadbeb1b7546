import ArgumentParser
import HabitCore
import HabitInterchange
import HabitKit

struct ExportICSCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "ics",
        abstract: "The trackers as an iCalendar feed (RFC 5545) for a calendar app: each habit on the days it is due.",
        discussion: """
            From today on, for --days days: a habit on fixed weekdays, or daily, is one recurring \
            event; any other schedule gives an event on each day habit list shows it. A tracker \
            with a reminder is an event at its first reminder time, else an all-day event.
            Examples:
              habit export ics > habits.ics
              habit export ics --days 30 -o habits.ics
            """)

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("How many days from today the feed covers (1 to 366; default 14).", valueName: "days"))
    var days: String?
    @OptionGroup var options: ExportOutputOptions

    func run(in session: Session) throws {
        let t = session.t
        var count = 14
        if let days {
            guard let number = Int(days), (1...366).contains(number) else { throw Failure.usage(t.text(.badCalendarDays, TerminalText.safe(days))) }
            count = number
        }
        let (store, today) = try session.loadWithToday()
        let feed = CalendarFeed.write(store.journal, today: today, days: count, stamp: CalendarFeed.stamp(session.context.clockSeconds))
        guard let path = try options.deliver(feed, session) else { return }
        session.out(t.text(.exportCalendarWritten, TerminalText.safe(path)))
    }
}
