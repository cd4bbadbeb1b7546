/// Why a file of another tool could not be read, or an export could not be built. Values, not
/// sentences: the front end words them (HabitKit carries them as the matching `HabitError`).
public enum InterchangeError: Error, Equatable, Sendable {
    /// A file being imported is not as its tool writes it.
    case malformed(ImportProblemAt)
    /// The path to import does not exist or cannot be read.
    case unreadable(path: String)
    /// The path to import lacks a file the format has (`Habits.csv`, `habits`).
    case fileMissing(path: String, file: String)
    /// A .zip that cannot be read or written.
    case zip(path: String, problem: ZipProblem)
    /// A file given as Loop's .db backup that cannot be read, or a backup that cannot be built.
    case database(path: String, problem: LoopDatabaseProblem)
}
