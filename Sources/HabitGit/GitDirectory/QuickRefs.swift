import HabitSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads, without starting libgit2, the little a command needs to know whether anything waits
/// for a sync: whether an `origin` remote is configured, and the commits the current branch and
/// its `origin` counterpart point at (loose refs or `packed-refs`). Anything unusual (a detached
/// HEAD, a worktree's `.git` file) returns what it can and leaves the real answer to libgit2.
public struct QuickRefs: Sendable {
    public let hasOrigin: Bool
    /// The branch HEAD names (`main`), nil when detached or unknown.
    public let branch: String?
    public let head: String?
    public let upstream: String?
    /// Whether habit's merge driver is registered in the repository's config.
    public let hasMergeDriver: Bool
    /// The repository's configuration file as read ("" when it could not be): the remote's
    /// address and habit's records of the last sync live there.
    public let configuration: String
    /// The folders of the files these answers were read from: git's folder (`HEAD`, `config`,
    /// `packed-refs`) and those of the branch's two loose refs. Any change to the answers is a
    /// change in one of them; empty when the answers come from elsewhere (a `.git` file).
    public let folders: [String]

    /// nil when `directory/.git` does not exist.
    public init?(workingDirectory directory: String) {
        let gitDirectory = directory + "/.git"
        var info = stat()
        guard lstat(gitDirectory, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            // A `.git` file pointing elsewhere: let the caller decide with libgit2.
            hasOrigin = true
            branch = nil
            head = nil
            upstream = nil
            hasMergeDriver = true
            configuration = ""
            folders = []
            return
        }
        let config = QuickRefs.text(gitDirectory + "/config")
        configuration = config
        hasOrigin = config.containsBytes(of: "[remote \"origin\"]")
        hasMergeDriver = config.containsBytes(of: "[merge \"habit\"]")
        let headFile = QuickRefs.text(gitDirectory + "/HEAD").trimmingCharacters()
        let packed = QuickRefs.text(gitDirectory + "/packed-refs")
        func resolve(_ reference: String) -> String? {
            let loose = QuickRefs.text(gitDirectory + "/" + reference).trimmingCharacters()
            if loose.utf8.count == 40 { return loose }
            for line in packed.split(separator: "\n") where line.hasSuffix(" " + reference) {
                return String(line.prefix(40))
            }
            return nil
        }
        if headFile.hasPrefix("ref: refs/heads/") {
            let name = String(headFile.dropFirst("ref: refs/heads/".count))
            branch = name
            head = resolve("refs/heads/" + name)
            upstream = resolve("refs/remotes/origin/" + name)
            func folder(_ reference: String) -> String {
                gitDirectory + "/" + reference.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            }
            folders = [gitDirectory, folder("refs/heads/" + name), folder("refs/remotes/origin/" + name)]
        } else {
            branch = nil
            head = nil
            upstream = nil
            folders = [gitDirectory]
        }
    }

    /// A small file's text ("" when it cannot be read).
    static func text(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
            if bytes.count > 16 << 20 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }
}
