#if canImport(Glibc)
import Glibc
#endif
import HabitStore
import TOML

/// A small TOML file of this machine, outside the data directory: the user's `config.toml`
/// (`ReminderServices`) and `habit serve`'s state (`ServeAccessFile`). The one place that reads
/// such a file whole and parses it, a problem naming the file, the line and the column.
enum MachineFile {
    /// Whose file it is, which decides what counts as no file and whether a link is followed.
    enum Owner {
        /// The user's configuration: it may be a link (to a dotfiles checkout), and a missing
        /// folder on the way means no file.
        case user
        /// habit's own state: never read through a link.
        case habit
    }

    /// The file's bytes; nil when there is none. Refused beyond `limit` bytes (`EFBIG`), so a
    /// runaway file is never read into memory.
    static func read(_ path: String, owner: Owner, limit: Int) throws(HabitError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (owner == .habit ? O_NOFOLLOW : 0))
        guard descriptor >= 0 else {
            if errno == ENOENT || (owner == .user && errno == ENOTDIR) { return nil }
            throw .io(path: path, operation: .read, errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 { throw .io(path: path, operation: .read, errno: errno) }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > limit { throw .io(path: path, operation: .read, errno: EFBIG) }
        }
        return bytes
    }

    /// The document `bytes` hold; text that is not TOML is an error at the parser's first problem.
    static func parse(_ bytes: [UInt8], file: String) throws(HabitError) -> TOMLDocument {
        do {
            return try TOMLDocument(parsing: bytes)
        } catch {
            let first = error.diagnostics.first
            throw .invalidFiles([Diagnostic(file: file, line: first?.line ?? 0, column: first?.column ?? 0,
                                            problem: .syntax(first?.message ?? "not TOML"))])
        }
    }

    /// `problem`, at the key at `path` of `document`.
    static func refusal(_ problem: DiagnosticProblem, at path: [String], in document: TOMLDocument, file: String) -> HabitError {
        let location = document.location(ofKeyAt: path)
        return .invalidFiles([Diagnostic(file: file, line: location?.line ?? 0, column: location?.column ?? 0, problem: problem)])
    }
}
