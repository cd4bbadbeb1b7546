import ArgumentParser
import HabitCore
import HabitKit
import HabitStore
#if canImport(Glibc)
import Glibc
#endif

struct TimerCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Time a habit counted in minutes: count up (or down from --minutes), then add the minutes to today.",
        discussion: """
            The timer shows the time elapsed (or left) and the day's total. q, Ctrl-C, SIGTERM, SIGHUP \
            or the end of --minutes stops it and adds the whole minutes counted to today, as \
            `habit done --amount` does, in one commit. If the timer is killed or the machine stops, the \
            next habit command offers to add the minutes it had counted.

            Examples:
              habit timer meditation
              habit timer reading --minutes 25
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A tracker counted in minutes: its name, file name, or a unique prefix.", valueName: "tracker"),
              completion: Completions.trackers)
    var tracker: String

    @Option(name: .long, help: ArgumentHelp("Count down from this many minutes (1 to 1440) and stop.", valueName: "minutes"))
    var minutes: Int?

    func run(in session: Session) throws {
        let t = session.t
        if let minutes, !(1...1440).contains(minutes) { throw Failure.usage(t.text(.timerBadMinutes, minutes)) }
        let (store, today) = try session.loadWithToday()
        let target: Tracker
        do {
            target = try session.habits.timerTracker(tracker, in: store)
        } catch {
            throw ErrorPresenter.failure(error, t, today: today)
        }
        let log = TimerLog(environment: session.context.environment, directory: session.directory)
        if let running = log.timer, running.isRunning, running.process != getpid() {
            throw Failure(t.text(.timerAlreadyRunning, running.process), hint: t[.timerAlreadyRunningHint])
        }
        let clock = session.context
        let started = clock.secondsNow()
        var timer = RunningTimer(trackerID: target.id, day: today, started: started, lastTick: started, process: getpid())
        log.record(timer)

        TimerSignals.install()
        let keys = TimerKeys(enabled: session.context.stdinIsTerminal)
        let before = target.log.amount(on: today) ?? 0
        var elapsed = 0
        while true {
            elapsed = max(0, clock.secondsNow() - started)
            if let minutes { elapsed = min(elapsed, minutes * 60) }
            if elapsed / 60 > timer.minutes {
                timer.lastTick = started + elapsed / 60 * 60
                log.record(timer)
            }
            if session.context.stdoutIsTerminal { draw(session, target, elapsed: elapsed, before: before) }
            if let minutes, elapsed >= minutes * 60 { break }
            if TimerSignals.caught || keys.waitForStop(milliseconds: 200) { break }
        }
        keys.restore()
        TimerSignals.uninstall()
        if session.context.stdoutIsTerminal { session.context.output.write("\r\u{1B}[K") }
        let counted = elapsed / 60
        guard counted > 0 else {
            log.record(nil)
            session.out(t[.timerTooShort])
            return
        }
        session.out(t.text(.timerStopped, counted))
        let outcome: MarkOutcome
        do {
            outcome = try session.habits.addTimedMinutes(timer, minutes: counted, today: today)
        } catch {
            // The record stays: the next command offers the minutes again.
            throw ErrorPresenter.failure(error, t, today: today)
        }
        log.record(nil)
        TimerRecovery.report(outcome, day: today, session: session)
    }

    /// One line, redrawn in place: "⏱ 12:05 · today 42 of 60 minutes · q stops".
    func draw(_ session: Session, _ tracker: Tracker, elapsed: Int, before: Double) {
        let t = session.t
        let shown = minutes.map { $0 * 60 - elapsed } ?? elapsed
        let clock = (shown >= 3600 ? "\(shown / 3600):" + TimerCommand.twoDigits(shown / 60 % 60) : String(shown / 60))
            + ":" + TimerCommand.twoDigits(shown % 60)
        let total = tracker.measure.map { t.total(before + Double(elapsed / 60), $0) } ?? ""
        let line = t.text(minutes == nil ? .timerElapsed : .timerLeft, clock, total)
        let fitted = TerminalText.truncate(line, to: max(10, session.width - 1))
        session.context.output.write("\r" + session.style.bold("⏱ ") + fitted + "\u{1B}[K")
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

/// SIGINT, SIGTERM and SIGHUP stop the timer, which then adds its minutes: a flag the loop reads
/// (the handler does nothing else, as a signal handler must).
enum TimerSignals {
    nonisolated(unsafe) static let flag: UnsafeMutablePointer<sig_atomic_t> = {
        let pointer = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: 1)
        pointer.pointee = 0
        return pointer
    }()

    static func install() {
        flag.pointee = 0
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { _ in TimerSignals.flag.pointee = 1 }
        }
    }

    /// Back to the default: once the minutes are being added, a signal ends habit as usual.
    static func uninstall() {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    }

    static var caught: Bool { flag.pointee != 0 }
}

/// The terminal without line buffering or echo while the timer runs, so that q stops it at once;
/// signals stay on, so Ctrl-C arrives as SIGINT.
final class TimerKeys {
    private var saved = termios()
    private let enabled: Bool

    init(enabled: Bool) {
        var isRaw = false
        if enabled, tcgetattr(0, &saved) == 0 {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
                bytes[Int(VMIN)] = 0
                bytes[Int(VTIME)] = 0
            }
            isRaw = tcsetattr(0, TCSANOW, &raw) == 0
        }
        self.enabled = isRaw
    }

    /// Waits up to `milliseconds` for a key; true when it is q (or Ctrl-D).
    func waitForStop(milliseconds: Int32) -> Bool {
        guard enabled else {
            usleep(UInt32(milliseconds) * 1000)
            return false
        }
        var entry = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, milliseconds) > 0 else { return false }
        var byte: UInt8 = 0
        guard read(0, &byte, 1) == 1 else { return false }
        return byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 4
    }

    func restore() {
        if enabled { tcsetattr(0, TCSANOW, &saved) }
    }
}

/// A timer that stopped without adding its minutes (killed, or the machine stopped): the next
/// command offers them, on a terminal; elsewhere it leaves a note and keeps the record.
enum TimerRecovery {
    /// Commands that must stay silent or that handle timers themselves.
    static func applies(to command: ParsableCommand) -> Bool {
        !(command is TimerCommand || command is PromptCommand || command is RemindRunCommand || command is RemindActCommand
          || command is MergeDriverCommand)
    }

    static func offer(for command: ParsableCommand, context: Context) {
        guard applies(to: command), let command = command as? any SessionCommand else { return }
        offer(command.global, context: context)
    }

    /// The offer for a command with these global options.
    static func offer(_ global: GlobalOptions, context: Context) {
        // Almost always there is no record: find that out before building a session (which
        // checks the git config and looks for the hook), as every command pays this.
        let directory = DataDirectory.resolve(explicit: global.dir, environment: context.environment)
        guard TimerLog(environment: context.environment, directory: directory).timer != nil else { return }
        offer(session: Session(directory: directory, color: global.color), context: context)
    }

    /// The offer in a session already made.
    static func offer(session: Session, context: Context) {
        let log = TimerLog(environment: context.environment, directory: session.directory)
        guard let timer = log.timer, !timer.isRunning else { return }
        let t = session.t
        guard let store = try? session.habits.read(), let tracker = store.journal.tracker(id: timer.trackerID), timer.minutes > 0 else {
            log.record(nil)
            return
        }
        let today = session.today(store.settings)
        let name = session.name(tracker)
        guard context.stdinIsTerminal && context.stdoutIsTerminal else {
            session.err(t.text(.timerInterruptedNote, name, timer.minutes, t.shortDate(timer.day)))
            return
        }
        let question = t.text(.timerInterrupted, name, timer.minutes, t.shortDate(timer.day))
        guard let add = try? session.confirm(question, assumeYes: false, defaultYes: true) else { return }
        guard add else {
            log.record(nil)
            session.out(t[.timerDiscarded])
            return
        }
        do {
            let outcome = try session.habits.addTimedMinutes(timer, minutes: timer.minutes, today: today)
            log.record(nil)
            report(outcome, day: timer.day, session: session)
        } catch {
            let failure = ErrorPresenter.failure(error, t, today: today)
            HabitCLI.report(failure, context: context, messages: t)
        }
    }

    static func report(_ outcome: MarkOutcome, day: CivilDate, session: Session) {
        guard let total = outcome.total, let measure = outcome.tracker.measure else { return }
        let t = session.t
        session.out(t.text(measure.isMet(total) ? .recordedTotalMet : .recordedTotal, session.name(outcome.tracker),
                           t.dayPhrase(day, today: day), t.total(total, measure)))
    }
}
