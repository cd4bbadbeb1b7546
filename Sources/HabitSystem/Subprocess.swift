#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A short-lived helper program of the system (`systemctl`, `crontab`, `notify-send`, `git credential`): started
/// without a shell, fed its standard input, its output collected, and killed if it takes longer
/// than allowed (a notification service being started on demand can hang for the D-Bus timeout).
public enum Subprocess {
    public struct Outcome: Equatable, Sendable {
        /// The exit status; nil when it was killed by a signal or the time ran out.
        public var status: Int32?
        public var output: String
        public var errors: String
        public var timedOut = false

        public init(status: Int32?, output: String, errors: String, timedOut: Bool = false) {
            self.status = status
            self.output = output
            self.errors = errors
            self.timedOut = timedOut
        }

        public var succeeded: Bool { status == 0 }
        /// What it said, for a message: standard error, else standard output.
        public var said: String {
            let text = errors.isEmpty ? output : errors
            return String(text.reversed().drop { $0.isNewline || $0 == " " }.reversed())
        }
    }

    /// The full path of `name` in the `PATH` of `environment` (a name with a slash is taken as it is).
    public static func find(_ name: String, environment: [String: String]) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs `executable` (a full path) with `arguments`. One that could not be started has no
    /// status and says why in `errors`.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String], input: [UInt8] = [],
                    timeoutSeconds: Double = 10) -> Outcome {
        func notStarted(_ code: Int32) -> Outcome {
            Outcome(status: nil, output: "", errors: "\(executable): " + ErrorNumber.text(code))
        }
        // Channels created close-on-exec, so that no other program started meanwhile (by another
        // thread) keeps an end open: the child would then never see the end of its input, nor
        // this the end of its output. (A socket pair, since the C library's pipe2 is out of reach.)
        func channel() -> [Int32]? {
            var ends: [Int32] = [0, 0]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
            // [read end, write end], as pipe() gives them.
            shutdown(ends[0], Int32(SHUT_WR))
            shutdown(ends[1], Int32(SHUT_RD))
            return ends
        }
        guard let stdinPipe = channel() else { return notStarted(errno) }
        guard let stdoutPipe = channel() else { let code = errno; closeAll(stdinPipe); return notStarted(code) }
        guard let stderrPipe = channel() else { let code = errno; closeAll(stdinPipe + stdoutPipe); return notStarted(code) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        let (started, pid) = spawn(executable, arguments, environment: environment, actions: &actions)
        close(stdinPipe[0]); close(stdoutPipe[1]); close(stderrPipe[1])
        guard started == 0 else {
            close(stdinPipe[1]); close(stdoutPipe[0]); close(stderrPipe[0])
            return notStarted(started)
        }
        // Write the input first: every input here is far below a pipe's capacity.
        let previous = signal(SIGPIPE, SIG_IGN)
        var written = 0
        while written < input.count {
            let result = input.withUnsafeBytes { write(stdinPipe[1], $0.baseAddress! + written, input.count - written) }
            if result < 0 { if errno == EINTR { continue } else { break } }
            written += result
        }
        close(stdinPipe[1])
        signal(SIGPIPE, previous)

        // Read until both outputs end or the program has exited (a program it started in the
        // background may keep them open), or the time is up.
        var output: [UInt8] = [], errors: [UInt8] = []
        var open = [stdoutPipe[0], stderrPipe[0]]
        for descriptor in open { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        func drain(_ descriptor: Int32) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count > 0 {
                    if descriptor == stdoutPipe[0] { output += buffer[..<count] } else { errors += buffer[..<count] }
                    continue
                }
                if count < 0, errno == EINTR { continue }
                if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                    close(descriptor)
                    open.removeAll { $0 == descriptor }
                }
                return
            }
        }
        let deadline = SystemClock.monotonicSeconds() + timeoutSeconds
        var status: Int32 = 0
        var exited = false
        var timedOut = false
        while !open.isEmpty {
            let left = deadline - SystemClock.monotonicSeconds()
            if left <= 0 { timedOut = true; break }
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polls, nfds_t(polls.count), Int32(min(left, 0.1) * 1000) + 1)
            for entry in polls where entry.revents != 0 { drain(entry.fd) }
            if !exited, waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                for descriptor in open { drain(descriptor) }
                break
            }
        }
        for descriptor in open { close(descriptor) }
        if timedOut { kill(pid, SIGKILL) }
        if !exited { while waitpid(pid, &status, 0) < 0, errno == EINTR {} }
        let normal = status & 0x7F == 0
        var errorText = String(decoding: errors, as: UTF8.self)
        if timedOut { errorText += "\(executable): no answer after \(Int(timeoutSeconds)) s" }
        return Outcome(status: normal && !timedOut ? (status >> 8) & 0xFF : nil,
                       output: String(decoding: output, as: UTF8.self), errors: errorText, timedOut: timedOut)
    }

    /// Starts `executable` in a session of its own with its standard streams on /dev/null, and does
    /// not wait for it: a helper that outlives this program (the waiter for a notification's
    /// actions). False when it could not be started.
    public static func startDetached(_ executable: String, _ arguments: [String], environment: [String: String]) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        return spawn(executable, arguments, environment: environment, actions: &actions, flags: spawnSetSID).result == 0
    }

    /// Spawns `executable` with `actions`; `flags` adds to the spawn flags. Returns posix_spawn's
    /// result and the child's pid.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                              actions: inout posix_spawn_file_actions_t, flags: Int32 = 0) -> (result: Int32, pid: pid_t) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child gets ordinary signal handling whatever this process blocks or ignores.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return (result, pid)
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), which its header shows only under _GNU_SOURCE.
    static let spawnSetSID: Int32 = 0x80

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors { close(descriptor) }
    }

}
