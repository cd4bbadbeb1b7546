import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import HabitCore
import HabitSystem

/// What a command may know about the world: environment, clock, terminal and output streams.
///
/// Commands read it from a task-local so that tests run them in-process with captured output,
/// a fixed clock and a fake terminal, exactly as the `habit` executable runs them for real.
final class Context: @unchecked Sendable {
    let environment: [String: String]
    let now: Date
    let stdoutIsTerminal: Bool
    let stdinIsTerminal: Bool
    let output: OutputStream
    let errors: OutputStream
    /// Lines a test feeds to interactive prompts; nil reads the real standard input.
    private var scriptedInput: [String]?
    /// The path a scheduler should run to start this program again (tests name a stand-in).
    private let executableOverride: String?
    private let inputLock = Lock()

    init(
        environment: [String: String], now: Date = Date(timeIntervalSince1970: SystemClock.epochSeconds()),
        stdoutIsTerminal: Bool, stdinIsTerminal: Bool, output: OutputStream, errors: OutputStream,
        scriptedInput: [String]? = nil, executablePath: String? = nil
    ) {
        self.environment = environment
        self.now = now
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.output = output
        self.errors = errors
        self.scriptedInput = scriptedInput
        executableOverride = executablePath
    }

    /// The absolute path of the running habit (`/proc/self/exe`, resolved), for a scheduler to run.
    var executablePath: String {
        if let executableOverride { return executableOverride }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "habit" }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @TaskLocal public static var current: Context = .live

    static let live = Context(
        environment: ProcessEnvironment.current(),
        stdoutIsTerminal: isatty(1) == 1, stdinIsTerminal: isatty(0) == 1,
        output: .standardOutput, errors: .standardError)

    private var successActions: [() -> Void] = []

    /// Work to do only if the command succeeds (such as refreshing the load cache).
    func onSuccess(_ action: @escaping () -> Void) {
        inputLock.withLock { successActions.append(action) }
    }

    func runSuccessActions() {
        let actions = inputLock.withLock {
            defer { successActions = [] }
            return successActions
        }
        for action in actions { action() }
    }

    /// A key pressed at a "next page" prompt.
    enum Key {
        case next, skip, interrupt
    }

    /// One key, read without waiting for Enter on a real terminal (scripted input: one line,
    /// "q" skipping). Ctrl-C and the end of input interrupt.
    func readKey() -> Key {
        if scriptedInput != nil || !stdinIsTerminal {
            guard let line = readLine() else { return .interrupt }
            return line.lowercased().hasPrefix("q") ? .skip : .next
        }
        return RawTerminal.readKey()
    }

    /// The terminal's width in columns: `COLUMNS`, else the terminal's size, else 80.
    var terminalWidth: Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        guard stdoutIsTerminal else { return 80 }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// One line from the user, or nil at end of input.
    func readLine() -> String? {
        inputLock.withLock {
            if scriptedInput != nil {
                return scriptedInput!.isEmpty ? nil : scriptedInput!.removeFirst()
            }
            return Swift.readLine()
        }
    }

    /// A line typed without echo (a password), then a line break where the Enter would have shown
    /// it; scripted input is read as `readLine` reads it, with the same line break.
    func readSecret() -> String? {
        guard scriptedInput == nil, stdinIsTerminal else {
            defer { output.write("\n") }
            return readLine()
        }
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return readLine() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSANOW, &quiet)
        defer {
            tcsetattr(0, TCSANOW, &saved)
            // The Enter that ended the line was not echoed either.
            output.write("\n")
        }
        return readLine()
    }

    /// `HABIT_NOW` (for scripts and tests: `2026-11-21T08:30`) as a day and minute, when set.
    var fixedWallClock: (day: CivilDate, minutes: Int)? {
        guard let fixed = HabitNow(environment: environment), let day = CivilDate(fixed.day) else { return nil }
        return (day, fixed.minutes)
    }

    /// The wall-clock day and minute in the user's time zone (or `HABIT_NOW`).
    var wallClock: (day: CivilDate, minutes: Int) {
        if let fixed = fixedWallClock { return fixed }
        let parts = LocalTime.parts(at: Int(now.timeIntervalSince1970.rounded(.down)))
        let day = CivilDate(year: parts.year, month: parts.month, day: parts.day)!
        return (day, parts.hour * 60 + parts.minute)
    }

    /// Now as seconds since the epoch: `HABIT_NOW` (a local time) when set, so that scripts and
    /// tests that fix the clock also get fixed commit times; else the real clock.
    var clockSeconds: Double {
        guard let (day, minutes) = fixedWallClock else { return now.timeIntervalSince1970 }
        let local = Double(day.dayNumber * 86_400 + minutes * 60)
        return local - Double(LocalTime.utcOffset(at: Int(local)))
    }
    /// Now as whole seconds since the epoch, read again at every call, for what counts time while
    /// it runs (`habit timer`). `HABIT_CLOCK_FILE` names a file holding a local time
    /// (`2026-11-22T10:02:30`) that tests rewrite to make time pass at once; else, with `HABIT_NOW`,
    /// the real time that passed since the command started is added to it.
    func secondsNow() -> Int {
        if let text = ClockFile.text(environment: environment),
           let seconds = Context.parseLocalSeconds(text.trimmingWhitespace()) {
            return seconds
        }
        return Int((clockSeconds + SystemClock.epochSeconds() - now.timeIntervalSince1970).rounded(.down))
    }

    /// `2026-11-22T10:02:30` (seconds optional) as seconds since the epoch in the local zone; the
    /// day and minutes are read as `HABIT_NOW` is.
    static func parseLocalSeconds(_ text: String) -> Int? {
        guard let fixed = HabitNow(text), let day = CivilDate(fixed.day) else { return nil }
        let parts = text.split(separator: ":")
        let seconds = parts.count == 3 ? Int(parts[2].prefix(2)) ?? 0 : 0
        let local = day.dayNumber * 86_400 + fixed.minutes * 60 + seconds
        return local - LocalTime.utcOffset(at: local)
    }
}

/// A destination for text; the live ones write to the file descriptors, test ones collect.
final class OutputStream: @unchecked Sendable {
    private let descriptor: Int32?
    private var buffer = ""
    private let lock = Lock()

    private init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    static let standardOutput = OutputStream(descriptor: 1)
    static let standardError = OutputStream(descriptor: 2)
    static func capture() -> OutputStream { OutputStream(descriptor: nil) }

    func write(_ text: String) {
        lock.withLock { unlockedWrite(text) }
    }

    private func unlockedWrite(_ text: String) {
        if let descriptor {
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let result = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if result <= 0 { if errno == EINTR { continue } else { return } }
                offset += result
            }
            bytes.removeAll()
        } else {
            buffer += text
        }
    }

    func line(_ text: String = "") {
        write(text + "\n")
    }

    var captured: String {
        lock.withLock { buffer }
    }
}
