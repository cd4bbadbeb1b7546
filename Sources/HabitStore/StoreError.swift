/// Failures of the store that are not about a file's contents (those are `Diagnostic`s).
public enum StoreError: Error, Hashable, Sendable {
    /// What the store was doing when the file system refused.
    public enum Operation: String, Hashable, Sendable {
        case createTemporary, write, flush, replace, delete, createFolder, openLock, lock, read
    }

    case io(path: String, operation: Operation, errno: Int32)
    /// A path inside the data directory that cannot be used: a symbolic link or a non-folder on
    /// the way, or a missing parent.
    case unusablePath(path: String, problem: FileProblem)
    case notInitialized(directory: String)
    /// Files with errors that a change would have to write (nothing was written).
    case invalidData([Diagnostic])
    /// Another process holds the directory lock for longer than the wait allows.
    case locked(holder: String, directory: String)
}
