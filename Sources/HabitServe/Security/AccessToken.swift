import FoundationEssentials
import HabitStore

#if canImport(Glibc)
import Glibc
#endif

/// The secret a browser presents once to log in, kept in `$XDG_CONFIG_HOME/habit/serve-token`
/// with mode 0600: configuration of this machine, never in the data directory (which is synced).
struct AccessToken: Sendable {
    let value: String
    let path: String

    enum Problem: Error {
        case unwritable(String, Int32)
        case tooOpen(String)
    }

    /// The token file's path for an environment.
    static func path(environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = DataDirectory.home(environment) + "/.config"
        }
        return base + "/habit/serve-token"
    }

    /// Reads the token, or makes and stores a new one when there is none (or `renew`).
    static func load(environment: [String: String], renew: Bool) throws(Problem) -> AccessToken {
        let path = path(environment: environment)
        if !renew, let existing = read(path) {
            return AccessToken(value: existing, path: path)
        }
        let token = Random.hex(bytes: 24)
        try write(token, to: path)
        return AccessToken(value: token, path: path)
    }

    /// Whether `candidate` is the token, in time that does not depend on where they differ.
    func matches(_ candidate: String) -> Bool {
        Random.constantTimeEqual(candidate, value)
    }

    private static func read(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        // A token others can read is no secret: replace it.
        guard status.st_mode & 0o077 == 0 else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).filter { !$0.isWhitespace }
        return text.count >= 16 ? text : nil
    }

    private static func write(_ token: String, to path: String) throws(Problem) {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        makeFolders(folder)
        let temporary = path + ".tmp\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unwritable(path, errno) }
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, 0o600)
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw .unwritable(path, failure)
        }
    }

    private static func makeFolders(_ folder: String) {
        var current = ""
        for part in folder.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
