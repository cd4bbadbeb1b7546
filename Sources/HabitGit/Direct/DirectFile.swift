#if canImport(Glibc)
import Glibc
#endif

/// Why `DirectRepository` could not do a step itself; the caller hands the step to libgit2, or
/// reports it when files already moved.
struct DirectFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String, errno code: Int32? = nil) {
        if let code { description = message + " (" + String(cString: strerror(code)) + ")" } else { description = message }
    }
}

/// The few file operations of `DirectRepository`, on paths inside `.git`.
enum DirectFile {
    /// A whole file, nil when it cannot be read (missing, a folder, unreadable).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Creates `path`, which must not exist, with `contents`; flushed when asked.
    static func create(_ path: String, contents: [UInt8], mode: mode_t = 0o666, flush: Bool) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw DirectFailure("Could not create \(path)", errno: errno) }
        do {
            try write(contents, to: descriptor, path: path)
            if flush, fsync(descriptor) != 0 { throw DirectFailure("Could not flush \(path)", errno: errno) }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        close(descriptor)
    }

    static func write(_ contents: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw DirectFailure("Could not write \(path)", errno: errno)
            }
            written += count
        }
    }

    static func flushFolder(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DirectFailure("Could not open \(path)", errno: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 { throw DirectFailure("Could not flush \(path)", errno: errno) }
    }

    /// Takes git's lock on `path` (`path.lock`, created exclusively). A lock that exists throws a
    /// `GitError` of kind `.locked`, which `GitLockRecovery` knows.
    static func lock(_ path: String) throws -> GitFileLock {
        let descriptor = open(path + ".lock", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw GitError(kind: .locked, summary: "Could not lock \(path)", detail: "failed to create locked file '\(path).lock': File exists")
            }
            throw DirectFailure("Could not lock \(path)", errno: code)
        }
        return GitFileLock(path: path, descriptor: descriptor)
    }
}

/// git's lock on a file, open for writing its new contents: renamed over the file by `replace`,
/// else removed by `release` (which every holder defers).
final class GitFileLock {
    let path: String
    let descriptor: Int32
    private var open = true
    private var replaced = false

    fileprivate init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    func write(_ bytes: [UInt8]) throws {
        try DirectFile.write(bytes, to: descriptor, path: path + ".lock")
    }

    func flush() throws {
        guard fsync(descriptor) == 0 else { throw DirectFailure("Could not flush \(path).lock", errno: errno) }
    }

    /// Renames the lock over the file.
    func replace() throws {
        guard rename(path + ".lock", path) == 0 else { throw DirectFailure("Could not replace \(path)", errno: errno) }
        replaced = true
    }

    func release() {
        guard open else { return }
        open = false
        close(descriptor)
        if !replaced { unlink(path + ".lock") }
    }
}
