#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program that takes over the terminal until it exits (the user's editor), run in the
/// foreground as `git commit` runs it: same process group and standard streams, this process
/// ignoring Ctrl-C and Ctrl-\ meanwhile so that only the program gets them.
public enum ForegroundProcess {
    public enum Outcome: Equatable, Sendable {
        /// It ran and exited with this status.
        case exited(Int32)
        /// It was ended by a signal.
        case signalled
        /// It could not be started: the `errno`.
        case notStarted(Int32)
    }

    /// Runs `command` through `/bin/sh -c` with `argument` as `$1` (so the argument is never
    /// parsed by the shell) and waits for it.
    public static func runShell(_ command: String, argument: String, environment: [String: String]) -> Outcome {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with the usual signal handling even though this process ignores SIGINT meanwhile.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = ["/bin/sh", "-c", command, "sh", argument]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, envp)
        guard code == 0 else { return .notStarted(code) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled
    }
}
