// Process/Pipe/FileHandle replacement for one job: run a program with stdin text, collect stdout.
#if canImport(Glibc)
import Glibc
#endif

enum Spawn {
    /// Runs `arguments[0]` (searched in PATH) with `environment`, writes `input` to its stdin,
    /// returns (exit status, stdout). stderr goes to /dev/null. nil if it could not start.
    static func run(_ arguments: [String], environment: [String: String], input: String) -> (status: Int32, output: [UInt8])? {
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1]
        // pipe2(O_CLOEXEC) is not visible from Swift's Glibc module: plain pipes, closed in the child below.
        guard pipe(&inPipe) == 0 else { return nil }
        guard pipe(&outPipe) == 0 else { close(inPipe[0]); close(inPipe[1]); return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in inPipe + outPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(inPipe[0]); close(outPipe[1])
        guard rc == 0 else { close(inPipe[1]); close(outPipe[0]); return nil }
        // Small request: one write is enough (a pipe holds 64 KiB); SIGPIPE is the caller's concern.
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        close(inPipe[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(outPipe[0], $0.baseAddress, $0.count) }
            if n > 0 { output += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(outPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        return (exited ? (status >> 8) & 0xff : -1, output)
    }
}
