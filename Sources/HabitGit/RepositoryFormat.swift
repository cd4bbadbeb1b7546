import CLibgit2
import HabitSystem

/// Repository formats libgit2 1.5 cannot write as git would, found before a change writes
/// anything: each with the setting that makes it and the git command that turns it off (nil
/// when there is none).
public struct UnsupportedFormat: Error, Equatable, Sendable {
    public let setting: String
    public let fix: String?
}

extension Repository {
    /// Throws the first format of this repository a change cannot handle: a split index
    /// (`core.splitIndex`, or an index with the `link` extension from `git update-index
    /// --split-index`), an
    /// index without its checksum (`index.skipHash`, set by `feature.manyFiles` from git 2.40),
    /// per-worktree configuration (`extensions.worktreeConfig`, set by `git sparse-checkout`).
    /// (A sha256 repository does not open at all: `UnsupportedFormat.objectFormat`.)
    public func refuseUnsupportedFormat() throws {
        func isTrue(_ key: String) throws -> Bool { try configValue(forKey: key).map(Self.isTrue) ?? false }
        if try isTrue("core.splitIndex") || hasSharedIndex() {
            throw UnsupportedFormat(setting: "core.splitIndex",
                                    fix: "git -C DIR config core.splitIndex false && git -C DIR update-index --no-split-index")
        }
        if try isTrue("index.skipHash") || isTrue("feature.manyFiles") {
            throw UnsupportedFormat(setting: try isTrue("index.skipHash") ? "index.skipHash" : "feature.manyFiles",
                                    fix: "git -C DIR config index.skipHash false && git -C DIR update-index --force-write-index")
        }
        if try isTrue("extensions.worktreeConfig") {
            throw UnsupportedFormat(setting: "extensions.worktreeConfig", fix: "git -C DIR config --unset extensions.worktreeConfig")
        }
    }

    /// Whether libgit2 reads the index; a split index (`link`) or another mandatory extension it
    /// does not know is thrown as that format.
    private func hasSharedIndex() throws -> Bool {
        do {
            let index = try self.index()
            try check(git_index_read(index.pointer, 0), "Could not read the staging area")
            return false
        } catch let error as GitError {
            let text = error.detail ?? ""
            guard let range = text.firstRange(of: "unsupported mandatory extension") else { throw error }
            let rest = text[range.upperBound...].filter { $0.isLetter }
            if rest.hasPrefix("link") { return true }
            throw UnsupportedFormat(setting: "index extension \(rest.prefix(4))", fix: nil)
        }
    }
}

extension UnsupportedFormat {
    /// What libgit2's refusal to open a repository names, when it is a format: `extensions.objectformat`
    /// (sha256) and any other extension it does not know.
    public static func fromOpenFailure(_ error: GitError) -> UnsupportedFormat? {
        let text = (error.detail ?? "").lowercased()
        guard let range = text.firstRange(of: "unsupported extension name ") else { return nil }
        let name = text[range.upperBound...].prefix { !$0.isWhitespace && $0 != "'" && $0 != "\"" }
        return UnsupportedFormat(setting: String(name), fix: nil)
    }
}

extension UnsupportedFormat {
    /// Words that every configuration naming a format `refuseUnsupportedFormat` or an open
    /// refuses must contain (lowercased; `[extensions` covers sha256 and any extension libgit2
    /// may not know).
    private static let clues = ["splitindex", "skiphash", "manyfiles", "worktreeconfig", "[extensions"].map { Array($0.utf8) }

    /// Whether this repository could have a format a change refuses: some configuration file git
    /// reads (or `GIT_CONFIG_*` in the environment) mentions one, or a split index left its
    /// shared file. A byte search that decides nothing by itself: when it says yes, the one rule
    /// (`refuseUnsupportedFormat`, through libgit2) answers; when no, a read-only command such as
    /// `habit check` need not load libgit2 to know.
    public static func mayApply(gitDirectory: String, environment: [String: String]) -> Bool {
        let home = environment["HOME"] ?? ""
        var files = [gitDirectory + "/config", gitDirectory + "/config.worktree",
                     environment["GIT_CONFIG_GLOBAL"] ?? home + "/.gitconfig",
                     (environment["XDG_CONFIG_HOME"].map { $0 + "/git/config" }) ?? home + "/.config/git/config"]
        if environment["GIT_CONFIG_NOSYSTEM"].map({ !["", "0", "false", "no"].contains($0.lowercased()) }) != true {
            files.append(environment["GIT_CONFIG_SYSTEM"] ?? "/etc/gitconfig")
        }
        for file in files {
            guard let bytes = GitFile.read(file) else { continue }
            let lowered = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            if clues.contains(where: { lowered.contains($0) }) { return true }
        }
        let fromEnvironment = environment.filter { $0.key.hasPrefix("GIT_CONFIG_KEY_") }.map { $0.value.lowercased() }
        if fromEnvironment.contains(where: { key in clues.contains { Array(key.utf8).contains($0) } || key.hasPrefix("extensions.") }) {
            return true
        }
        return DirectoryEntries.names(at: gitDirectory)?.contains { $0.hasPrefix("sharedindex.") } ?? true
    }
}
