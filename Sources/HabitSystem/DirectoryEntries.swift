#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a folder, without `.` and `..`, in the order the system gives them.
public enum DirectoryEntries {
    /// The names in the folder at `path`; nil (with `errno` set) when it cannot be opened.
    public static func names(at path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        return read(directory)
    }

    /// The names in the open folder `descriptor`, which this takes over and closes (also when it
    /// fails: nil, with `errno` set).
    public static func names(ofOpenFolder descriptor: Int32) -> [String]? {
        guard let directory = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            errno = code
            return nil
        }
        defer { closedir(directory) }
        return read(directory)
    }

    private static func read(_ directory: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
