#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitSystem

/// git's lock files (`index.lock`, `refs/heads/main.lock`, …), which a killed git or habit leaves
/// behind; while one exists every later write of that file fails.
///
/// A lock is stale when its owner is gone: no process has the file open, no git runs in the
/// repository (`git commit` closes its `index.lock` while the editor is open, and still owns it),
/// and it is older than a bound (a writer may be between creating and writing it). Stale locks are
/// removed; others are left with the processes that may own them.
public enum GitLocks {
    /// A lock that was not removed, and why.
    public struct Held: Hashable, Sendable {
        public let path: String
        /// `pid 123 (git)` of each process holding it open.
        public let holders: [String]
    }

    /// How old a lock file must be before it may be removed: a writer holds its lock open all
    /// along, except for the instant between closing and renaming it.
    public static let staleAge: Double = 0.5

    /// Lock files directly in `gitDirectory` and below `refs/` and `logs/`.
    public static func find(in gitDirectory: String) -> [String] {
        var found: [String] = []
        for name in entries(gitDirectory) where name.hasSuffix(".lock") { found.append(gitDirectory + "/" + name) }
        for folder in ["refs", "logs"] { walk(gitDirectory + "/" + folder, into: &found) }
        return found.sorted()
    }

    /// Removes the stale lock files of `gitDirectory`, waiting up to `staleAge` for young ones to
    /// age (a live git finishing meanwhile removes its own). Returns the locks left in place.
    @discardableResult
    public static func recoverStale(in gitDirectory: String, maximumWait: Double = staleAge + 0.5) -> [Held] {
        var waited = 0.0
        while true {
            let locks = find(in: gitDirectory)
            if locks.isEmpty { return [] }
            var held: [Held] = []
            var young = false
            let open = openFiles()
            let gits = gitProcesses(in: gitDirectory)
            for lock in locks {
                var holders = open[lock] ?? []
                if holders.isEmpty { holders = gits }
                if !holders.isEmpty {
                    held.append(Held(path: lock, holders: holders))
                } else if age(of: lock) < staleAge {
                    young = true
                } else {
                    unlink(lock)
                }
            }
            if !young || waited >= maximumWait {
                return held + (young ? find(in: gitDirectory).filter { lock in !held.contains { $0.path == lock } }.map {
                    Held(path: $0, holders: [])
                } : [])
            }
            usleep(100_000)
            waited += 0.1
        }
    }

    /// Seconds since the file was last modified (0 when it cannot be read).
    static func age(of path: String) -> Double {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        let now = SystemClock.realtime()
        return Double(now.tv_sec - info.st_mtim.tv_sec) + Double(now.tv_nsec - info.st_mtim.tv_nsec) / 1e9
    }

    /// Open files of every process this user may inspect: path → holders.
    static func openFiles() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for pid in entries("/proc") where pid.allSatisfy(\.isNumber) {
            let folder = "/proc/\(pid)/fd"
            for fd in entries(folder) {
                var buffer = [CChar](repeating: 0, count: 4096)
                let count = readlink(folder + "/" + fd, &buffer, buffer.count - 1)
                guard count > 0 else { continue }
                let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard target.hasSuffix(".lock") else { continue }
                let command = QuickRefs.text("/proc/\(pid)/comm").trimmingCharacters()
                result[target, default: []].append("pid \(pid) (\(command))")
            }
        }
        return result
    }

    /// The git commands that make a commit on the current branch once their editor closes, and
    /// then move it only if it has not moved meanwhile (`git commit` without `-a` holds no lock
    /// while the editor is open).
    static let committingCommands: Set<String> = ["commit", "merge", "pull", "rebase", "revert", "cherry-pick", "am"]

    /// `pid 123 (git)` of each git process working in the repository of `gitDirectory` that is
    /// about to commit (`committingCommands`): a change that moved the branch under it would make
    /// it fail.
    public static func committingGits(in gitDirectory: String) -> [String] {
        gitProcesses(in: gitDirectory) { pid in
            let arguments = QuickRefs.text("/proc/\(pid)/cmdline").split(separator: "\0", omittingEmptySubsequences: false).dropFirst()
            var skipNext = false
            for argument in arguments {
                if skipNext {
                    skipNext = false
                } else if argument == "-C" || argument == "-c" {
                    skipNext = true
                } else if !argument.hasPrefix("-") {
                    return committingCommands.contains(String(argument))
                }
            }
            return false
        }
    }

    /// `pid 123 (git)` of each git process (but this one) working in the repository of
    /// `gitDirectory`: its current directory inside the working tree or the git directory, where
    /// git moves before it takes any lock. `accepting` filters them by process id.
    static func gitProcesses(in gitDirectory: String, accepting: (String) -> Bool = { _ in true }) -> [String] {
        let own = String(getpid())
        // /proc gives the current directory with links resolved.
        let resolved = realpath(gitDirectory, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? gitDirectory
        let places = resolved.hasSuffix("/.git") ? [resolved, String(resolved.dropLast(5))] : [resolved]
        var result: [String] = []
        for pid in entries("/proc") where pid.allSatisfy(\.isNumber) && pid != own {
            let command = QuickRefs.text("/proc/\(pid)/comm").trimmingCharacters()
            guard command.hasPrefix("git") else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/\(pid)/cwd", &buffer, buffer.count - 1)
            guard count > 0 else { continue }
            let cwd = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if places.contains(where: { cwd == $0 || cwd.hasPrefix($0 + "/") }), accepting(pid) { result.append("pid \(pid) (\(command))") }
        }
        return result
    }

    private static func walk(_ folder: String, into found: inout [String]) {
        for name in entries(folder) {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(path, into: &found)
            } else if name.hasSuffix(".lock") {
                found.append(path)
            }
        }
    }

    static func entries(_ folder: String) -> [String] {
        DirectoryEntries.names(at: folder) ?? []
    }
}
