/// The commits of the branch a sync has not sent yet, counted without libgit2 in the case nearly
/// every command meets: the branch is its remote-tracking branch plus a line of loose commits
/// made here since the last sync (each with one parent). Every command of a person who syncs now
/// and then asks this for its offline note ("2 changes not synced yet"), and starting libgit2 to
/// walk two commits cost more than a `habit done`.
public enum WaitingCommits {
    public enum Answer: Equatable, Sendable {
        /// `count` commits wait; `reason` is why the last sync failed, if it did.
        case waiting(count: Int, reason: String?)
        /// Only libgit2 can tell (a merge on the way, a packed commit, a remote configured
        /// elsewhere, an unusual config).
        case unknown
    }

    /// The longest line of commits walked before leaving the count to libgit2.
    static let longestWalk = 1000

    /// `head` and `upstream` are the branch's and its `origin` counterpart's commits (`QuickRefs`).
    /// `counted` is a commit whose count is known (`count` commits waited when it was the head):
    /// the walk stops there and counts on. Only a commit that was not behind the remote branch
    /// may serve (`count` > 0, or the remote branch's own commit): no commit made on top of it
    /// can then be the remote's.
    public static func count(workingDirectory: String, head: String, upstream: String,
                             since counted: (head: String, count: Int)? = nil) -> Answer {
        let gitDirectory = workingDirectory + "/.git"
        guard let settings = ConfigFile.settings(gitDirectory + "/config"),
              let headID = CommitID(hex: head), let upstreamID = CommitID(hex: upstream) else { return .unknown }
        guard settings.contains(where: { $0.0 == "remote.origin.url" && !$0.1.isEmpty }) else { return .unknown }
        let reason = settings.last(where: { $0.0 == "habit.lastsyncerror" })?.1
        let objects = LooseObjects(directory: gitDirectory + "/objects")
        let countedID = counted.flatMap { CommitID(hex: $0.head) }
        var current = headID
        var count = 0
        while current != upstreamID {
            if let counted, current == countedID { return .waiting(count: count + counted.count, reason: reason) }
            guard count < longestWalk, let body = objects.read(current.bytes, as: .commit),
                  let parent = onlyParent(of: body) else { return .unknown }
            count += 1
            current = parent
        }
        return .waiting(count: count, reason: reason)
    }

    /// The parent of a commit with exactly one.
    static func onlyParent(of body: [UInt8]) -> CommitID? {
        var parents: [CommitID] = []
        for line in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.isEmpty { break }  // the end of the headers
            guard line.starts(with: "parent ".utf8) else { continue }
            guard line.count == 47, let id = CommitID(hex: String(decoding: line.dropFirst(7), as: UTF8.self)) else { return nil }
            parents.append(id)
        }
        return parents.count == 1 ? parents[0] : nil
    }
}
