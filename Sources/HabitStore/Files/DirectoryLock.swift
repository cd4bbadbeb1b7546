#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises writers across processes with `flock` on `.habit.lock`.
///
/// The kernel drops an flock when its process dies, so a killed `habit` never leaves a lock that
/// blocks anyone; the file's text (pid and command) only tells a waiting user who holds it.
public final class DirectoryLock {
    public static let fileName = ".habit.lock"
    private var descriptor: Int32

    /// Waits up to `timeout` seconds for the lock, calling `onWait` once if it has to wait.
    public init(directory: String, timeout: Double = 30, description: String, onWait: (String) -> Void = { _ in }) throws(StoreError) {
        let path = "\(directory)/\(DirectoryLock.fileName)"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .io(path: DirectoryLock.fileName, operation: .openLock, errno: errno) }
        var waited = 0.0
        var announced = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                throw .io(path: DirectoryLock.fileName, operation: .lock, errno: code)
            }
            let holder = DirectoryLock.holder(descriptor: descriptor)
            if waited >= timeout {
                close(descriptor)
                throw .locked(holder: holder, directory: directory)
            }
            if !announced, waited >= 0.5 {
                onWait(holder)
                announced = true
            }
            usleep(20_000)
            waited += 0.02
        }
        let text = Array("pid \(getpid()): \(description)\n".utf8)
        ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, text.count, 0) }
    }

    deinit {
        ftruncate(descriptor, 0)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func holder(descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 256, 0) }
        let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "another habit process" : line
    }
}
