#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw file access with the checks a data directory needs (no following links out, size cap).
enum FileReading {
    /// Files beyond this are refused rather than parsed: no tracker grows this large in a lifetime
    /// (a century of daily lines is about 700 KB), and it bounds memory on hostile input.
    static let maximumSize = 32 << 20

    enum Problem: Error {
        case missing
        case symbolicLink
        case notRegular
        case tooLarge(Int)
        case io(Int32)
    }

    static func read(_ path: String) -> Result<[UInt8], Problem> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(errno == ENOENT ? .missing : .io(errno)) }
        if info.st_mode & S_IFMT == S_IFLNK { return .failure(.symbolicLink) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard Int(info.st_size) <= maximumSize else { return .failure(.tooLarge(Int(info.st_size))) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .failure(.io(errno)) }
        defer { close(descriptor) }
        // One byte more than the size, so the read that sees the end needs no growth; the file may
        // still grow while it is read (then the buffer doubles, up to the cap).
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(4096, bytes.count)) }
            let result = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(.io(errno))
            }
            if result == 0 { break }
            filled += result
            if filled > maximumSize { return .failure(.tooLarge(filled)) }
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// Names in a directory (no `.` entries), or nil when it does not exist.
    static func list(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func describe(_ problem: Problem) -> String {
        switch problem {
        case .missing: "the file is missing"
        case .symbolicLink: "this is a symbolic link; habit reads only regular files inside the data directory"
        case .notRegular: "this is not a regular file"
        case .tooLarge(let size): "the file is too large (\(size / 1_048_576) MB); a tracker file stays well under 1 MB"
        case .io(let code): String(cString: strerror(code))
        }
    }
}
