#if canImport(Glibc)
import Glibc
#endif

// State the signal handlers read. Set up before any handler is installed and only through raw
// pointers and plain integers, so the handlers do async-signal-safe work only: write(2),
// tcsetattr(3), dup2(2), read(2), sigaction(2), raise(3).
nonisolated(unsafe) var relayWriteEnd: Int32 = -1
nonisolated(unsafe) var restoreActive: Int32 = 0
nonisolated(unsafe) var restoreOutput: Int32 = 1
nonisolated(unsafe) var restoreInput: Int32 = 0
nonisolated(unsafe) var restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
nonisolated(unsafe) var restoreCount = 0
nonisolated(unsafe) var restoreTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
nonisolated(unsafe) var savedStandardError: Int32 = -1
nonisolated(unsafe) var capturedErrorRead: Int32 = -1
nonisolated(unsafe) var drainBuffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
nonisolated(unsafe) var previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

/// Puts the terminal back as it was: the precomputed sequences, the saved termios, stderr back on
/// the terminal with what was written to it meanwhile. Safe inside a signal handler; does
/// nothing the second time.
func restoreTerminalNow() {
    guard restoreActive != 0 else { return }
    restoreActive = 0
    var offset = 0
    while offset < restoreCount {
        let written = write(restoreOutput, restoreBytes + offset, restoreCount - offset)
        if written <= 0 { break }
        offset += written
    }
    _ = tcsetattr(restoreInput, TCSANOW, restoreTermios)
    if savedStandardError >= 0 {
        _ = dup2(savedStandardError, 2)
        if capturedErrorRead >= 0 {
            while true {
                let count = read(capturedErrorRead, drainBuffer, 4096)
                if count <= 0 { break }
                _ = write(2, drainBuffer, count)
            }
        }
    }
}

/// Ordinary signals (resize, continue, terminate, stop) become a byte on the self-pipe that the
/// event loop polls.
let relaySignal: @convention(c) (Int32) -> Void = { signal in
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(relayWriteEnd, &byte, 1)
    errno = saved
}

/// A crash: restore the terminal, then hand the signal to whoever had it before (the Swift
/// runtime's backtracer), so its report lands on the normal screen.
let crashSignal: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = { signal, info, context in
    restoreTerminalNow()
    var previous = previousActions[Int(signal)]
    _ = sigaction(signal, &previous, nil)
    if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
        handler(signal, info, context)
        return
    }
    guard let handler = previous.__sigaction_handler.sa_handler else {
        // The default action: the signal is blocked while this runs, so it is delivered, and ends
        // the process, as this handler returns.
        _ = raise(signal)
        return
    }
    if unsafeBitCast(handler, to: Int.self) == 1 { return }  // SIG_IGN
    handler(signal)
}

let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]
let relayedSignals: [Int32] = [SIGWINCH, SIGCONT, SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGTSTP]

/// Touches every global the handlers use, so none is first initialised inside a handler.
func prepareSignalState() {
    _ = (relayWriteEnd, restoreActive, restoreOutput, restoreInput, restoreBytes, restoreCount, restoreTermios)
    _ = (savedStandardError, capturedErrorRead, drainBuffer, previousActions, relaySignal, crashSignal)
}

/// A stack for the crash handler, so a stack overflow (SIGSEGV on a full stack) still restores the
/// terminal; kept if the runtime or the program has set one already.
func ensureAlternateSignalStack() {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, Int(current.ss_flags) & Int(SS_DISABLE) != 0 else { return }
    let size = 64 * 1024
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    _ = sigaltstack(&stack, nil)
}

func installHandlers() {
    prepareSignalState()
    ensureAlternateSignalStack()
    for signal in relayedSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relaySignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        _ = sigaction(signal, &action, previousActions + Int(signal))
    }
    for signal in crashSignals {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = crashSignal
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        _ = sigaction(signal, &action, previousActions + Int(signal))
    }
}

func uninstallHandlers() {
    for signal in relayedSignals + crashSignals {
        _ = sigaction(signal, previousActions + Int(signal), nil)
    }
}
