#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file of the data directory could not be read (or a path could not be used).
public enum FileProblem: Error, Hashable, Sendable {
    case missing
    /// The file, or a folder on the way to it, is a symbolic link: habit never follows one inside
    /// the data directory, so nothing it reads or writes can be outside it.
    case symbolicLink(String)
    /// The path names something other than a regular file (a folder, a device, a socket).
    case notRegular
    /// A folder on the way is not a folder.
    case notDirectory(String)
    case tooLarge(Int)
    case io(Int32)

    static func from(errno code: Int32) -> FileProblem {
        code == ENOENT ? .missing : .io(code)
    }
}
