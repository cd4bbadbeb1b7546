#if canImport(Glibc)
import Glibc
#endif

/// A file habit writes without libgit2 that could not be written (a signing scratch file).
struct GitFileFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String, errno code: Int32? = nil) {
        if let code { description = message + " (" + String(cString: strerror(code)) + ")" } else { description = message }
    }
}

/// The few file operations on paths inside `.git` that read-only commands make without libgit2.
enum GitFile {
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

    static func write(_ contents: [UInt8], to descriptor: Int32, path: String) throws {
        var written = 0
        while written < contents.count {
            let count = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw GitFileFailure("Could not write \(path)", errno: errno)
            }
            written += count
        }
    }
}
