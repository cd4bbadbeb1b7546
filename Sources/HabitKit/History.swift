import HabitGit
import HabitStore

/// Records changes of the data directory in git: one commit per command, of the files it wrote.
///
/// Only the command's own files are committed, so a half-finished hand edit elsewhere in the
/// directory never rides along unvalidated (`habit commit` and `habit sync` take those, after
/// checking them).
struct History {
    let directory: DataDirectory

    /// Whether the data directory itself is a repository (a directory inside some other
    /// repository, such as `examples/` in a checkout, is not).
    var isEnabled: Bool { Repository.isRepository(at: directory.path) && isRepositoryRoot }

    private var isRepositoryRoot: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path + "/.git", isDirectory: &isDirectory)
    }

    func record(_ message: String, files: Set<String>, autocommit: Bool) throws {
        guard autocommit, !files.isEmpty, isEnabled else { return }
        let repository = try Repository.open(at: directory.path)
        try repository.commit(message: message, paths: files.sorted())
    }
}

import Foundation
