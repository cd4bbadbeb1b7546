#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replacing this process with another program (`habit serve` becomes `habit-serve`), so the
/// server keeps the terminal, the process id and the signals, and `habit` itself never links it.
public enum ProcessImage {
    /// Runs the program at `path` in place of this process; returns only if it could not be
    /// started, with the `errno`.
    public static func replace(path: String, arguments: [String], environment: [String: String]) -> Int32 {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(path, argv, envp)
        let failure = errno
        argv.forEach { free($0) }
        envp.forEach { free($0) }
        return failure
    }

    /// Whether `path` names an executable file.
    public static func isExecutable(_ path: String) -> Bool {
        access(path, X_OK) == 0
    }
}
