#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Failures of the store that are not about a file's contents (those are `Diagnostic`s).
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case io(path: String, operation: String, errno: Int32)
    case notInitialized(directory: String)
    case invalidData([Diagnostic])
    case locked(holder: String, directory: String)

    public var description: String {
        switch self {
        case .io(let path, let operation, let code):
            return "could not \(operation) \(path): \(String(cString: strerror(code)))"
        case .notInitialized(let directory):
            return "no habit data in \(directory)"
        case .invalidData(let diagnostics):
            return diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
        case .locked(let holder, let directory):
            return "the data directory \(directory) is busy: \(holder)"
        }
    }
}
