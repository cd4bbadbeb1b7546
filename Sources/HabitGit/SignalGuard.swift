#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps SIGPIPE from killing the process during a network operation.
/// libgit2 1.5 writes to sockets with plain send() and never touches signals,
/// so a server that closes the connection mid-push (or a socket the watchdog
/// shut down) would raise SIGPIPE, whose default action ends the program.
/// Blocking it on this thread only — rather than ignoring it process-wide —
/// turns the write into an EPIPE error without changing the host program's
/// signal handling; a SIGPIPE left pending is consumed before unblocking.
enum SignalGuard {
    static func withSIGPIPEBlocked<R>(_ body: () throws -> R) rethrows -> R {
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        if sigismember(&previous, SIGPIPE) == 1 {
            return try body() // already blocked by the caller: leave its state alone
        }
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeOnly, nil, &noWait)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
