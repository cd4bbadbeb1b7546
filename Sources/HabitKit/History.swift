import HabitStore

/// Commits changes of the data directory to git. Filled in by the git integration.
struct History {
    let directory: DataDirectory

    func record(_ message: String, autocommit: Bool) throws {
    }
}
