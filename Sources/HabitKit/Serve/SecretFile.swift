#if canImport(Glibc)
import Glibc
#endif
import HabitStore

/// A secret of this machine kept in `$XDG_CONFIG_HOME/habit/` with mode 0600 (`habit serve`'s
/// token and password hash): configuration, never in the data directory (which is synced). The one
/// place that reads and writes such a file.
public enum SecretFile {
    /// Why a secret could not be written: the `errno` of the step that failed.
    public struct WriteFailure: Error {
        public let errno: Int32
    }

    /// `$XDG_CONFIG_HOME/habit/<name>` (`~/.config` when the variable is unset or relative).
    public static func path(_ name: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = DataDirectory.home(environment) + "/.config"
        }
        return base + "/habit/" + name
    }

    /// The file's text without white space; nil when it is missing, not a regular file, empty,
    /// unreadable, or readable by others (a secret others can read is no secret).
    public static func read(_ path: String, limit: Int = 512) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 == 0 else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self).filter { !$0.isWhitespace }
    }

    /// Writes `text` and a newline with mode 0600 (a temporary file, fsync, rename), making the
    /// folders (0700).
    public static func write(_ text: String, to path: String) throws(WriteFailure) {
        var current = ""
        for part in path[..<path.lastIndex(of: "/")!].split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
        let temporary = path + ".tmp\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw WriteFailure(errno: errno) }
        let bytes = Array((text + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, 0o600)
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw WriteFailure(errno: failure)
        }
    }
}
