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

    /// - Parameter durable: false skips the fsyncs, for files that are only a cache.
    public static func write(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(StoreError) {
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
        if durable, fsync(descriptor) != 0 {
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
        if durable { syncDirectory(directory) }
    }

    public static func remove(_ path: String) throws(StoreError) {
        if unlink(path) != 0, errno != ENOENT { throw .io(path: path, operation: "delete", errno: errno) }
        syncDirectory(parentDirectory(of: path))
    }

    /// Removes temporary files of writers that died before their rename (`.habit-tmp-<pid>-…` whose
    /// process is gone, or older than an hour in case the pid was reused). A writer that is still
    /// running (a merge driver started by a hand-run `git pull` writes without habit's lock) keeps its
    /// file. Returns how many were removed.
    @discardableResult
    public static func sweepStaleTemporaryFiles(in directories: [String], maximumAge: Double = 3600) -> Int {
        var removed = 0
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for directory in directories {
            guard let names = FileReading.list(directory) else { continue }
            for name in names where name.hasPrefix(temporaryPrefix) {
                let path = directory + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let pid = name.dropFirst(temporaryPrefix.count).split(separator: "-").first.flatMap { pid_t($0) }
                let alive = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno == EPERM) } ?? false
                #if canImport(Darwin)
                let age = Double(now.tv_sec - info.st_mtimespec.tv_sec)
                #else
                let age = Double(now.tv_sec - info.st_mtim.tv_sec)
                #endif
                if !alive || age > maximumAge, unlink(path) == 0 { removed += 1 }
            }
        }
        return removed
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
