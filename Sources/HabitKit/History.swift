import Foundation
import HabitGit
import HabitStore

/// Records changes of the data directory in git: one commit per command, of the files it wrote.
///
/// Only the command's own files are committed, so a half-finished hand edit elsewhere in the
/// directory never rides along unvalidated (`habit commit` and `habit sync` take those, after
/// checking them).
struct History {
    let directory: DataDirectory

    func record(_ message: String, files: Set<String>, autocommit: Bool) throws {
        guard autocommit, !files.isEmpty, let repository = GitSetup.repository(of: directory) else { return }
        try repository.commit(message: message, paths: files.sorted())
    }
}
