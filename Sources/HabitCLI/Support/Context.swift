import Foundation
import HabitCore

/// What a command may know about the world: environment, clock, terminal and output streams.
///
/// Commands read it from a task-local so that tests run them in-process with captured output,
/// a fixed clock and a fake terminal, exactly as the `habit` executable runs them for real.
public final class Context: @unchecked Sendable {
    public let environment: [String: String]
    public let now: Date
    public let timeZone: TimeZone
    public let stdoutIsTerminal: Bool
    public let stdinIsTerminal: Bool
    public let output: OutputStream
    public let errors: OutputStream
    /// Lines a test feeds to interactive prompts; nil reads the real standard input.
    private var scriptedInput: [String]?
    private let inputLock = NSLock()

    public init(
        environment: [String: String], now: Date = Date(), timeZone: TimeZone = .current,
        stdoutIsTerminal: Bool, stdinIsTerminal: Bool, output: OutputStream, errors: OutputStream,
        scriptedInput: [String]? = nil
    ) {
        self.environment = environment
        self.now = now
        self.timeZone = timeZone
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.output = output
        self.errors = errors
        self.scriptedInput = scriptedInput
    }

    @TaskLocal public static var current: Context = .live

    public static let live = Context(
        environment: ProcessInfo.processInfo.environment,
        stdoutIsTerminal: isatty(1) == 1, stdinIsTerminal: isatty(0) == 1,
        output: .standardOutput, errors: .standardError)

    private var successActions: [() -> Void] = []

    /// Work to do only if the command succeeds (such as refreshing the load cache).
    public func onSuccess(_ action: @escaping () -> Void) {
        inputLock.lock()
        defer { inputLock.unlock() }
        successActions.append(action)
    }

    func runSuccessActions() {
        inputLock.lock()
        let actions = successActions
        successActions = []
        inputLock.unlock()
        for action in actions { action() }
    }

    /// One line from the user, or nil at end of input.
    public func readLine() -> String? {
        inputLock.lock()
        defer { inputLock.unlock() }
        if scriptedInput != nil {
            return scriptedInput!.isEmpty ? nil : scriptedInput!.removeFirst()
        }
        return Swift.readLine()
    }

    /// The wall-clock day and minute in the user's time zone (or `HABIT_NOW`, for scripts and tests:
    /// `2026-11-21T08:30`).
    public var wallClock: (day: CivilDate, minutes: Int) {
        if let text = environment["HABIT_NOW"], let parsed = Context.parseNow(text) { return parsed }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let day = CivilDate(year: parts.year!, month: parts.month!, day: parts.day!)!
        return (day, parts.hour! * 60 + parts.minute!)
    }

    static func parseNow(_ text: String) -> (day: CivilDate, minutes: Int)? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let day = parts.first.flatMap({ CivilDate($0) }) else { return nil }
        guard parts.count == 2 else { return (day, 12 * 60) }
        let clock = parts[1].split(separator: ":")
        guard clock.count >= 2, let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        return (day, hour * 60 + minute)
    }
}

/// A destination for text; the live ones write to the file descriptors, test ones collect.
public final class OutputStream: @unchecked Sendable {
    private let descriptor: Int32?
    private var buffer = ""
    private let lock = NSLock()

    private init(descriptor: Int32?) {
        self.descriptor = descriptor
    }

    public static let standardOutput = OutputStream(descriptor: 1)
    public static let standardError = OutputStream(descriptor: 2)
    public static func capture() -> OutputStream { OutputStream(descriptor: nil) }

    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if let descriptor {
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let result = bytes.withUnsafeMutableBytes { Foundation.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if result <= 0 { if errno == EINTR { continue } else { return } }
                offset += result
            }
            bytes.removeAll()
        } else {
            buffer += text
        }
    }

    public func line(_ text: String = "") {
        write(text + "\n")
    }

    public var captured: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
