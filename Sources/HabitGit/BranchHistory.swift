/// What a change needs of its repository to commit files and move the branch to the commit
/// (HabitKit's `Advance`): libgit2's `Repository`, or `DirectRepository`, which does the common
/// case itself without loading libgit2 and hands every other case to a `Repository`.
public protocol BranchHistory: AnyObject {
    var gitDirectoryPath: String { get }
    func headCommitID() throws -> CommitID?
    func makeCommit(base: CommitID?, changes: [String: TreeChange], parents: [CommitID], message: String) throws -> CommitID
    func beginAdvance(_ advance: PendingAdvance) throws
    func endAdvance() throws
    @discardableResult
    func updateIndex(paths: [String], written: [String: [UInt8]], in commit: CommitID?) throws -> [String]
    func moveCurrentBranch(from old: CommitID?, to new: CommitID, message: String) throws
    func recordUncommitted(paths: [String], reason: String)
    func clearUncommitted()
}

extension Repository: BranchHistory {}
