import HabitGit
import HabitStore

/// What habit will write out of a commit it did not make: only regular files, at paths that stay
/// inside the data directory, with `habit.toml` a file and `trackers` a folder. Anything else (a
/// symbolic link pushed by someone with access to the remote, a submodule, a `..`) stops the sync
/// before a single file is written.
enum TreeCheck {
    static func check(_ files: [String: TreeFile], commit: CommitID) throws(HabitError) {
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            let reason: UnsafeEntry?
            switch file.mode {
            case .regular, .executable: reason = nil
            case .symbolicLink: reason = .symbolicLink
            case .submodule: reason = .submodule
            case .other: reason = .unknownMode
            }
            if let reason { throw .unsafeTree(commit: commit.hex, path: path, reason: reason) }
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.lowercased() == ".git" }) {
                throw .unsafeTree(commit: commit.hex, path: path, reason: .forbiddenName)
            }
            if path == DataFormat.trackersFolder || path.hasPrefix(DataFormat.settingsFile + "/") {
                throw .unsafeTree(commit: commit.hex, path: path, reason: .wrongKind)
            }
        }
    }
}
