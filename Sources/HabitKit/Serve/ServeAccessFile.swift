#if canImport(Glibc)
import Glibc
#endif
import HabitStore

/// Where `ServeAccess` is kept for one data directory: `$XDG_STATE_HOME/habit/serve/<key>.toml`
/// (the key names the directory's real path, as its cache and lock are named), mode 0600, replaced
/// atomically. State of this machine, never in the data directory, which is synced to others. The
/// running server and the CLI (`--devices`, `--revoke`, `--token`) change it under one lock, each
/// reading the file afresh, so a device revoked while the server runs stays revoked.
public struct ServeAccessFile: Sendable {
    public let path: String

    public init(directory: DataDirectory, environment: [String: String]) {
        path = DataDirectory.stateFolder(environment) + "/serve/" + DataDirectory.key(ofRealPath: directory.realPath) + ".toml"
    }

    public init(path: String) {
        self.path = path
    }

    /// What the file holds; nothing when there is no file yet.
    public func load() throws(HabitError) -> ServeAccess {
        guard let bytes = try MachineFile.read(path, owner: .habit, limit: 16 << 20) else { return ServeAccess() }
        return try ServeAccess(parsing: bytes, file: path)
    }

    /// Changes the file under its lock: read afresh, changed by `change`, written back (0600,
    /// atomically) when the change returns true in `changed`. A file that does not parse is never
    /// overwritten.
    @discardableResult
    public func update<Value>(_ change: (inout ServeAccess) throws(HabitError) -> (Value, changed: Bool)) throws(HabitError) -> Value {
        let folder = String(path[..<path.lastIndex(of: "/")!])
        if case .failure(let problem) = SafeDirectory.makeDirectories(folder, mode: 0o700) {
            throw .unusablePath(path: folder, problem: problem)
        }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { throw .io(path: path + ".lock", operation: .openLock, errno: errno) }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { throw .io(path: path + ".lock", operation: .lock, errno: errno) }
        var access = try load()
        let (result, changed) = try change(&access)
        if changed {
            do throws(SecretFile.WriteFailure) {
                try SecretFile.write(access.text, to: path)
            } catch {
                throw .io(path: path, operation: .write, errno: error.errno)
            }
        }
        return result
    }

    /// Identifies the file's current version (inode, size, change time): the server reads the
    /// file again only when this changed. nil when there is no file.
    public func version() -> [Int]? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return [Int(status.st_ino), Int(status.st_size), Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
    }
}

/// The secrets of `habit serve`'s devices and tokens: random, kept only as a SHA-256 hash, and the
/// device's CSRF token derived from its secret (HMAC), so it survives a restart of the server.
public enum ServeSecret {
    /// 32 random bytes as 64 hex digits.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return ServePassword.hex((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// The SHA-256 of the secret, as hex: what the state file keeps.
    public static func hash(_ secret: String) -> String {
        ServePassword.hex(SHA256.hash(Array(secret.utf8)))
    }

    /// HMAC-SHA256 of `message` keyed by `secret`, as hex.
    public static func mac(_ secret: String, _ message: String) -> String {
        ServePassword.hex(HMACSHA256(key: Array(secret.utf8)).mac(Array(message.utf8)))
    }
}
