/// A decision a merge made that a person should know about: which side won and why. Values are
/// shown as they are written in TOML (`"Evening run"`, `5`, `true`).
public struct MergeNote: Equatable, Sendable {
    /// The data file, relative to the data directory (`trackers/run.toml`).
    public var path: String
    public var kind: Kind

    public init(path: String, _ kind: Kind) {
        (self.path, self.kind) = (path, kind)
    }

    /// How a day of the log was marked, as the notes name it.
    public enum DayMark: Equatable, Sendable {
        case done, skip, none
        /// A quit habit's slip.
        case slip
        /// `false`, which means the same as no line.
        case notDone
        /// Anything else, as written.
        case other(String)
    }

    public enum Kind: Equatable, Sendable {
        /// Both sides changed (or added) `key` differently; theirs was kept.
        case bothChanged(key: String, kept: String, yours: String, added: Bool)
        /// You removed `key`, the other machine changed it: its value was kept.
        case removedHereChangedThere(key: String, kept: String)
        /// The other machine removed `key`, you changed it: yours was kept.
        case removedThereChangedHere(key: String, kept: String)
        /// Both sides changed a day of the log differently.
        case dayConflict(day: String, kept: DayMark, over: DayMark, keptYours: Bool, byRank: Bool)
        /// Both sides added the same category in different case; theirs' spelling was kept.
        case categorySpelling(kept: String, yours: String)
        /// The other machine deleted the file, you changed it: yours was kept.
        case deletedThereChangedHere
        /// You deleted the file, the other machine changed it: theirs was kept.
        case deletedHereChangedThere
        /// `kind` and `schedule` came from different sides and did not fit; one side's pair was
        /// kept: an event, or a habit with the schedule shown.
        case kindAndSchedule(keptYours: Bool, event: Bool, schedule: String?)
        /// One side renamed a category the other side used: the tracker follows the rename.
        case categoryRenamed(from: String, to: String)
        /// One side deleted a category the other side still uses: it was kept.
        case categoryKept(String)
        /// Two trackers ended up with the same name: this one was renamed.
        case nameClash(name: String, renamedTo: String)
        /// Both machines added a different tracker under this file name: the other machine's
        /// stayed, this machine's moved to `movedTo` with its marks.
        case addedTwice(movedTo: String)
        /// One side removed this tracker and made a new one at its path while the other changed
        /// the old one: the other machine's stayed, this machine's moved to `movedTo`.
        case remade(movedTo: String)
    }
}
