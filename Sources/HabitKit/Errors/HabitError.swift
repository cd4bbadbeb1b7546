import HabitCore
import HabitInterchange
import HabitStore

/// Everything a use case can refuse or fail with. Each case is data; the command line words it
/// in the user's language and gives it an exit status (docs/cli.md).
public enum HabitError: Error, Equatable, Sendable {
    // The data directory
    case notInitialized(directory: String)
    case alreadyInitialized(directory: String)
    /// `habit init --remote` clones only into a new or empty directory.
    case notEmpty(directory: String)
    case unusablePath(path: String, problem: FileProblem)
    case io(path: String, operation: StoreError.Operation, errno: Int32)
    /// Another habit holds the directory for longer than the wait allows.
    case busy(holder: String)
    /// Files with errors that the change would have to touch; nothing was written.
    case invalidFiles([Diagnostic])

    // Trackers and categories
    case invalidName(TrackerName.Problem)
    case invalidEmoji(String)
    case noSuchTracker(String, available: [String])
    case ambiguousTracker(String, candidates: [TrackerCandidate])
    /// `existing` is the name of the tracker that has it.
    case nameTaken(String, existing: String)
    case unknownCategory(String, known: [String])
    case categoryExists(String)
    case markRefused(tracker: String, day: CivilDate, reason: MarkingRefusal)
    /// The file changed on disk while it was being edited; nothing was written.
    case changedMeanwhile(file: String)
    /// The change needs the user's consent first (the caller asks, then calls again).
    case confirmationNeeded(Confirmation)

    // History and sync
    case notARepository(directory: String)
    case noRemote
    case remote(RemoteFailure)
    /// git could not do something local (an unreadable object, a damaged index).
    case git(detail: String)
    /// git lock files held by running processes.
    case gitLocked([HeldLock])
    /// `path`'s `filter` attribute names a driver git would run on it (`filter.<name>.clean`),
    /// which habit cannot; nothing was changed.
    case gitFilterDriver(name: String, path: String)
    /// The repository uses a format habit's git library cannot write as git would (`setting`);
    /// `fix` is the git command that turns it off, nil when there is none. Nothing was changed.
    case unsupportedRepository(setting: String, fix: String?)
    /// `user.useConfigOnly` is set and git's name or email is not configured: git would refuse
    /// to commit, and so does habit. Nothing was changed.
    case gitIdentityUnknown
    /// `commit.gpgsign` is set and `program` could not sign the commit (`detail`: what it said);
    /// git would not commit unsigned, and neither does habit. Nothing was changed.
    case gitSigningFailed(program: String, detail: String)
    /// git commands about to commit in the data directory (`pid 7 (git)`), an editor open perhaps:
    /// a change now would make their commit fail.
    case gitCommitting(holders: [String])
    /// A merge is in progress (MERGE_HEAD): a commit now would finish it with habit's change
    /// alone, as a partial `git commit` would. Nothing was changed.
    case gitMergeInProgress
    /// The branch kept moving under habit (another git committing) for `attempts` tries.
    case branchKeptMoving(attempts: Int)
    /// The files were written but could not be committed: `kept` lists the files left changed and
    /// uncommitted (empty when they were put back as they were).
    case commitFailed(detail: String, kept: [String])
    /// The remote's history holds something habit will not write into the data directory.
    case unsafeTree(commit: String, path: String, reason: UnsafeEntry)
    /// Files outside habit's format changed on both sides in overlapping lines.
    case textConflict(paths: [String])
    /// A data file could not be merged (a side is not valid TOML, …).
    case mergeConflict(MergeConflictReason)
    /// The merged directory would not pass `habit check`; nothing was written.
    case mergedDataInvalid([Diagnostic])
    /// What the other machines pushed does not pass `habit check`; nothing was written.
    case remoteDataInvalid([Diagnostic])
    /// The remote holds a repository that is not a habit data directory.
    case notHabitRepository(url: String)
    case remoteKeptChanging(attempts: Int)
    /// A merge begun by `git pull` left conflicts in files habit does not merge.
    case unfinishedGitMerge(paths: [String])
    /// Edits made by hand since the last command have errors, so nothing was committed or synced.
    case handEditsInvalid([Diagnostic])

    // MARK: Numeric habits, ranges and vacations
    /// An amount given for a yes/no habit.
    case notNumeric(tracker: String)
    /// A numeric habit marked done without saying how much.
    case amountNeeded(tracker: String, unit: String?)
    /// The day's total would be below 0 or too large.
    case badTotal(tracker: String, total: Double)
    /// A range of days whose first day comes after its last.
    case backwardsRange(from: CivilDate, to: CivilDate)
    /// An event given a target: events are done once, they count nothing.
    case eventWithTarget(tracker: String)
    // Quit habits, forgiven misses, ranges
    /// A slip logged on a habit that is not a quit habit.
    case notQuit(tracker: String)
    /// A quit habit given a target or made an event: it counts slips, every day.
    case quitNotPlain(tracker: String)
    /// `allow` on an event or an "N per week/month" habit, whose misses are not days.
    case allowanceWithoutDays(tracker: String)
    /// `habit done --from --to` on an event: an event is done once.
    case eventRange(tracker: String)
    /// `habit timer` on a tracker not counted in minutes (`unit` is its unit, nil for none).
    case timerNeedsMinutes(tracker: String, unit: String?)
    // Reminders
    /// Nothing can run reminders here: no systemd user manager and no `crontab`, or not the
    /// method asked for (nil: any).
    case noScheduler(asked: ReminderMethod?)
    /// A command of the system's scheduler failed: the command and what it said.
    case schedulerFailed(command: String, detail: String)

    // MARK: import and export
    /// Trackers of an import whose names exist already (`--rename` imports them as "Name (2)").
    case importNamesTaken([String])
    /// A file being imported is not as its tool writes it.
    case importMalformed(ImportProblemAt)
    /// The path to import does not exist or cannot be read.
    case importUnreadable(path: String)
    /// The path to import lacks a file the format has (`Habits.csv`, `habits`).
    case importFileMissing(path: String, file: String)
    /// `--merge` of a numeric tracker into a yes/no one of the same name, or the reverse.
    case importKindsDiffer(tracker: String, numericInFile: Bool)
    /// A .zip habit cannot read.
    case importZip(path: String, problem: ZipProblem)

    // MARK: import sources (Loop's .db, habitctl)
    /// A file given as Loop's .db backup that habit cannot read.
    case importDatabase(path: String, problem: LoopDatabaseProblem)
    // MARK: export
    /// The file an export would write exists already (`--force` replaces it).
    case exportOutputExists(path: String)
    /// The file an export would write cannot be written: why, as an errno.
    case exportUnwritable(path: String, errno: Int32)
    /// Files with errors, which an export would leave out; nothing was exported.
    case exportBlocked([Diagnostic])
    /// `habit export svg` and `habit report` write no file into the data directory, which holds
    /// data only and is synced to other machines.
    case exportInsideDataDirectory(path: String, directory: String)
}

/// A tracker among several a name could mean.
public struct TrackerCandidate: Equatable, Sendable {
    public let name: String
    public let id: String

    public init(name: String, id: String) {
        (self.name, self.id) = (name, id)
    }
}

/// Consent a change needs.
public enum Confirmation: Equatable, Sendable {
    /// Moving the start later drops `count` marked days before it.
    case dropMarks(tracker: String, count: Int, start: CivilDate)
}

/// Why a remote operation failed.
public struct RemoteFailure: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case unreachable, timeout, tooLong, tooMuchData, authentication, certificate, repositoryNotFound
        /// The ssh server showed a host key no known_hosts line names; nothing was sent.
        case unknownHostKey(HostKeyProblem)
        /// The ssh server showed another key than the one known_hosts holds for it.
        case changedHostKey(HostKeyProblem)
        /// The server refused the update (a hook, a protected branch); its reasons.
        case rejected([String])
        /// A lock file inside the remote repository blocks the update.
        case remoteLocked(String)
        case other
    }

    public let kind: Kind
    /// The remote's URL, credentials hidden.
    public let url: String
    /// What libgit2 or the server said, credentials hidden (may contain anything the server sent:
    /// the command line makes it safe for the terminal).
    public let detail: String?

    public init(kind: Kind, url: String, detail: String?) {
        self.kind = kind
        self.url = url
        self.detail = detail
    }
}

/// The SSH host key an ssh remote showed and habit did not trust, with what the user needs to check
/// and trust it.
public struct HostKeyProblem: Equatable, Sendable {
    public let host: String
    public let port: Int
    /// `ed25519`, `ecdsa`, `rsa`: what `ssh-keyscan -t` takes.
    public let keyType: String
    /// `SHA256:…`, as `ssh-keygen -l` and hosting services show it.
    public let fingerprint: String
    public let knownHostsPath: String

    public init(host: String, port: Int, keyType: String, fingerprint: String, knownHostsPath: String) {
        (self.host, self.port, self.keyType) = (host, port, keyType)
        (self.fingerprint, self.knownHostsPath) = (fingerprint, knownHostsPath)
    }

    /// How known_hosts names the host: `host` on port 22, `[host]:port` elsewhere.
    public var hostField: String { port == 22 ? host : "[\(host)]:\(port)" }
}

/// A lock file that a live process holds.
public struct HeldLock: Equatable, Sendable {
    public let path: String
    public let holders: [String]

    public init(path: String, holders: [String]) {
        (self.path, self.holders) = (path, holders)
    }
}

/// What is wrong with an entry of a commit habit was asked to write out.
public enum UnsafeEntry: Equatable, Sendable {
    case symbolicLink, submodule, unknownMode
    /// `.`, `..`, `.git` or an empty name in the path.
    case forbiddenName
    /// `trackers` is a file, or `habit.toml` a folder.
    case wrongKind
}

/// Why a data file could not be merged.
public enum MergeConflictReason: Equatable, Sendable {
    public enum Side: Equatable, Sendable { case base, ours, theirs }
    case notValidTOML(path: String, side: Side, line: Int, column: Int, message: String)
    case cannotApply(path: String, detail: String)
    case resultMismatch(path: String)
    case notADataFile(path: String)
    /// Two different trackers were added at one path on two machines; `habit sync` keeps both.
    case addedTwice(path: String)
}
