#if canImport(Glibc)
import Glibc
#endif

/// The terminal taken over for a full-screen program: raw mode, the alternate screen, a hidden
/// cursor, bracketed paste and (if asked) the mouse; and given back as it was on every way out:
/// `leave()`, a terminating signal the program acts on, `exit()`, and a crash (a trap is
/// SIGILL), where a signal handler restores it before the runtime prints its backtrace.
///
/// One at a time per process. Events come from `nextEvent()`, a `poll(2)` loop over the input and
/// a self-pipe that carries the signals.
public final class Terminal {
    public struct Options: Sendable {
        /// Mouse reports turn off the terminal's own text selection, so they are off by default.
        public var mouse = false
        public var bracketedPaste = true
        /// How long after an Esc a following byte still makes it a sequence.
        public var escapeTimeout: Duration = .milliseconds(30)
        /// A `.tick` this often, for work that is not a key (noticing changed files); nil: none.
        public var tick: Duration?
        /// Ctrl-Z suspends to the shell and comes back with `.resumed` (raw mode has no SIGTSTP of
        /// its own); off, Ctrl-Z is an ordinary key.
        public var suspendOnControlZ = true
        /// Text written to stderr while the alternate screen is shown would garble it and be lost
        /// on leaving; it is held in a pipe and printed after leaving.
        public var holdStandardError = true

        public init() {}
    }

    public enum Event: Hashable, Sendable {
        case input(InputEvent)
        /// The window changed size; lay out and draw again (the renderer has been told nothing:
        /// a new size repaints the whole screen by itself).
        case resize(Size)
        /// Back from a suspension (Ctrl-Z, `fg`) or an outside program: paint everything again.
        case resumed(Size)
        case tick
        /// SIGTERM, SIGHUP, SIGINT or SIGQUIT: leave and end (`Terminal.end(bySignal:)`).
        case terminate(Int32)
        /// The input was closed (the terminal went away).
        case endOfInput
        /// `Waker.wake()` was called (work on another thread finished or made progress).
        case woken
    }

    /// Wakes `nextEvent()` from another thread or task with a `.woken` event; safe to copy and
    /// send anywhere, valid while the terminal lives.
    public struct Waker: Sendable {
        let descriptor: Int32

        public func wake() {
            var byte: UInt8 = 0
            _ = Glibc.write(descriptor, &byte, 1)
        }
    }

    public var waker: Waker { Waker(descriptor: wakeWriteEnd) }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let options: Options
    public private(set) var size: Size
    public private(set) var isActive = false
    private let input: Int32 = 0
    private let output: Int32 = 1
    private var original = termios()
    private var parser = InputParser()
    private var pending: [Event] = []
    private var pendingIndex = 0
    private var relayReadEnd: Int32 = -1
    private var wakeWriteEnd: Int32 = -1
    private var escapeSince: ContinuousClock.Instant?
    private var nextTick: ContinuousClock.Instant?
    private let clock = ContinuousClock()
    private var readBuffer = [UInt8](repeating: 0, count: 4096)
    nonisolated(unsafe) private static var exitHookInstalled = false

    /// Takes the terminal over. Fails when stdin is not a terminal (check
    /// `FullScreenSupport.problem` first to say why).
    public init(options: Options = Options()) throws {
        self.options = options
        size = Size(width: 80, height: 24)
        guard tcgetattr(input, &original) == 0 else { throw Failure(description: "stdin is not a terminal") }
        var pipeEnds: [Int32] = [-1, -1]
        guard Self.makePipe(&pipeEnds) else { throw Failure(description: "no pipe for signals") }
        relayReadEnd = pipeEnds[0]
        relayWriteEnd = pipeEnds[1]
        // The signal handlers and the waker write to the same pipe through descriptors of their own.
        wakeWriteEnd = fcntl(pipeEnds[1], F_DUPFD_CLOEXEC, 3)
        if !Self.exitHookInstalled {
            Self.exitHookInstalled = true
            atexit { restoreTerminalNow() }
        }
        size = Self.windowSize(of: output) ?? size
        enter()
        if let tick = options.tick { nextTick = clock.now + tick }
    }

    deinit {
        leave()
        close(relayReadEnd)
        close(relayWriteEnd)
        close(wakeWriteEnd)
        relayWriteEnd = -1
    }

    /// The sequences that put everything back, in reverse order of `enter()`.
    private var restoreSequence: [UInt8] {
        var bytes = ControlSequence.synchronizedEnd + ControlSequence.resetStyle
        if options.mouse { bytes += ControlSequence.mouseOff }
        if options.bracketedPaste { bytes += ControlSequence.bracketedPasteOff }
        return bytes + ControlSequence.showCursor + ControlSequence.alternateScreenOff
    }

    /// Raw mode, the alternate screen, hidden cursor, paste and mouse modes, handlers installed.
    public func enter() {
        guard !isActive else { return }
        let restore = restoreSequence
        restore.withUnsafeBufferPointer { restoreBytes.update(from: $0.baseAddress!, count: min($0.count, 256)) }
        restoreCount = min(restore.count, 256)
        restoreTermios.pointee = original
        restoreInput = input
        restoreOutput = output
        if options.holdStandardError { holdStandardError() }
        restoreActive = 1
        installHandlers()
        var raw = original
        cfmakeraw(&raw)
        raw.c_cc.6 = 1  // VMIN
        raw.c_cc.5 = 0  // VTIME
        _ = tcsetattr(input, TCSANOW, &raw)
        var bytes = ControlSequence.alternateScreenOn + ControlSequence.hideCursor
        if options.bracketedPaste { bytes += ControlSequence.bracketedPasteOn }
        if options.mouse { bytes += ControlSequence.mouseOn }
        write(bytes)
        isActive = true
    }

    /// Everything back as it was before `enter()`; stderr written meanwhile is printed now.
    public func leave() {
        guard isActive else { return }
        isActive = false
        uninstallHandlers()
        restoreTerminalNow()
        if savedStandardError >= 0 {
            close(savedStandardError)
            savedStandardError = -1
        }
        if capturedErrorRead >= 0 {
            close(capturedErrorRead)
            capturedErrorRead = -1
        }
    }

    private func holdStandardError() {
        var ends: [Int32] = [-1, -1]
        guard Self.makePipe(&ends) else { return }
        let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { close(ends[0]); close(ends[1]); return }
        _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)
        savedStandardError = saved
        capturedErrorRead = ends[0]
        _ = dup2(ends[1], 2)
        close(ends[1])
    }

    /// A pipe whose ends do not block and are not inherited (pipe2 needs _GNU_SOURCE).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return true
    }

    /// Writes all of `bytes` (one frame is one call).
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    public static func windowSize(of descriptor: Int32) -> Size? {
        var window = winsize()
        let result = withUnsafeMutablePointer(to: &window) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return Size(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// Leaves, stops the process as Ctrl-Z does in a shell, and on `fg` takes the terminal again;
    /// a `.resumed` event follows.
    public func suspend() {
        leave()
        signal(SIGTSTP, SIG_DFL)
        kill(getpid(), SIGTSTP)
        // Here after SIGCONT.
        resume()
    }

    /// Runs `body` on the normal screen in cooked mode (an editor, a pager), then takes the
    /// terminal again; a `.resumed` event follows.
    public func runOutside<T>(_ body: () throws -> T) rethrows -> T {
        leave()
        defer { resume() }
        return try body()
    }

    private func resume() {
        _ = tcgetattr(input, &original)
        enter()
        size = Self.windowSize(of: output) ?? size
        pending.append(.resumed(size))
    }

    /// Ends the process by `signal` with its default action, so the parent sees the true cause
    /// (128 + n in a shell). Call after `leave()`.
    public static func end(bySignal signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        exit(128 + signal)
    }

    /// The next event; waits as long as needed, with the Esc timeout and the tick honoured.
    public func nextEvent() -> Event {
        while true {
            if pendingIndex < pending.count {
                let event = pending[pendingIndex]
                pendingIndex += 1
                if pendingIndex == pending.count { pending.removeAll(keepingCapacity: true); pendingIndex = 0 }
                return event
            }
            waitForInput()
        }
    }

    private func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = clock.now.duration(to: instant)
        if left <= .zero { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    private func waitForInput() {
        var timeout: Int32 = -1
        if let since = escapeSince { timeout = milliseconds(until: since + options.escapeTimeout) }
        if let nextTick { timeout = timeout < 0 ? milliseconds(until: nextTick) : min(timeout, milliseconds(until: nextTick)) }
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: relayReadEnd, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&descriptors, 2, timeout)
        if ready < 0 && errno != EINTR { pending.append(.endOfInput); return }
        if ready > 0 && descriptors[1].revents != 0 { handleSignals() }
        if ready > 0 && descriptors[0].revents != 0 { readInput(hungUp: descriptors[0].revents & Int16(POLLHUP | POLLERR) != 0) }
        let now = clock.now
        if let since = escapeSince, parser.isWaiting, now >= since + options.escapeTimeout {
            deliver(parser.expire())
            escapeSince = parser.isWaiting ? now : nil
        }
        if let tick = options.tick, let due = nextTick, now >= due {
            pending.append(.tick)
            nextTick = now + tick
        }
    }

    private func readInput(hungUp: Bool) {
        let count = readBuffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        if count <= 0 { pending.append(.endOfInput); return }
        deliver(parser.feed(readBuffer[0..<count]))
        escapeSince = parser.isWaiting ? clock.now : nil
    }

    private func deliver(_ events: [InputEvent]) {
        for event in events {
            if options.suspendOnControlZ, event == .key(.control("z")) {
                suspend()
                continue
            }
            pending.append(.input(event))
        }
    }

    private func handleSignals() {
        var signals = [UInt8](repeating: 0, count: 64)
        let count = signals.withUnsafeMutableBytes { read(relayReadEnd, $0.baseAddress!, $0.count) }
        guard count > 0 else { return }
        var resized = false
        for signal in signals[0..<count].map(Int32.init) {
            switch signal {
            case 0: if pending.last != .woken { pending.append(.woken) }
            case SIGWINCH: resized = true
            case SIGTSTP: suspend()
            case SIGCONT:
                // Stopped by something other than our own suspend (kill -STOP): modes may be lost.
                if isActive {
                    leave()
                    resume()
                }
            default: pending.append(.terminate(signal))
            }
        }
        if resized, let new = Self.windowSize(of: output) {
            size = new
            pending.append(.resize(new))
        }
    }
}
