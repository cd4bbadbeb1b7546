#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files so that a reader (or a crash) sees either the old bytes or the new ones,
/// never a mix: temporary file in the same directory, fsync, rename over, fsync the directory.
public enum AtomicFile {
    /// Temporary files start with this, so the loader and git ignore them and a later run can
    /// sweep the ones a killed process left.
    public static let temporaryPrefix = ".habit-tmp-"

    public static func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let directory = parentDirectory(of: path)
        let temporary = "\(directory)/\(temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io(path: path, operation: "create a temporary file for", errno: errno) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw .io(path: path, operation: "write", errno: code)
            }
            written += result
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw .io(path: path, operation: "flush", errno: code)
        }
        close(descriptor)
        if rename(temporary, path) != 0 {
            let code = errno
            unlink(temporary)
            throw .io(path: path, operation: "replace", errno: code)
        }
        syncDirectory(directory)
    }

    public static func remove(_ path: String) throws(StoreError) {
        if unlink(path) != 0, errno != ENOENT { throw .io(path: path, operation: "delete", errno: errno) }
        syncDirectory(parentDirectory(of: path))
    }

    /// Makes a rename or unlink durable: without it a crash can bring the old directory entry back.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
