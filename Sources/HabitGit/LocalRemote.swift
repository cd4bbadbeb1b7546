import CLibgit2
#if canImport(Glibc)
import Glibc
#endif

/// A remote that is a repository on this machine (a path or `file://` URL): habit can read and
/// repair what a network remote would only advertise.
public struct LocalRemote {
    public let gitDirectory: String

    /// nil for network URLs (`ssh://`, `git@host:path`, `https://`, `git://`).
    public init?(url: String) {
        var path = url
        if url.hasPrefix("file://") {
            path = String(url.dropFirst("file://".count))
        } else if url.contains("://") {
            return nil
        } else if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") {
            return nil  // scp-like host:path
        }
        guard path.hasPrefix("/") || path.hasPrefix(".") else { return nil }
        gitDirectory = path
    }

    /// Whether there is a repository at the path at all (libgit2 would call a missing path an
    /// "unsupported URL protocol").
    public var exists: Bool { Repository.isRepository(at: gitDirectory) }

    /// The branch the repository's HEAD names (`master` for `git init --bare` by default).
    public func headBranch() -> String? {
        guard let repository = try? Repository.open(at: gitDirectory), let target = try? repository.headSymbolicTarget() else {
            return nil
        }
        return target.hasPrefix("refs/heads/") ? String(target.dropFirst("refs/heads/".count)) : nil
    }

    /// Points the repository's HEAD at `branch` when it names a branch that does not exist, so
    /// that `git clone` of it checks the data out.
    public func repairHead(toBranch branch: String) {
        guard let repository = try? Repository.open(at: gitDirectory),
              (try? repository.commitID(forReference: "refs/heads/\(branch)")) != nil,
              (try? repository.commitID(forReference: "HEAD")) == nil
        else { return }
        _ = git_repository_set_head(repository.pointer, "refs/heads/\(branch)")
    }

    /// The git directory itself, for lock recovery: a bare repository, or the `.git` of a
    /// repository with a working tree.
    public var lockDirectory: String {
        var info = stat()
        let dotGit = gitDirectory + "/.git"
        return lstat(dotGit, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR ? dotGit : gitDirectory
    }
}
