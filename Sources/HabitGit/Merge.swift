import CLibgit2

/// A change the caller decided on while merging.
public enum FileUpdate: Sendable, Hashable {
    case write([UInt8])
    case delete
}

/// A path git could not merge on its own.
public struct MergeConflict: Sendable, Hashable {
    public let path: String
    /// Which sides have the file: a modify/delete conflict lacks one of them.
    public let inBase: Bool
    public let inOurs: Bool
    public let inTheirs: Bool

    public init(path: String, inBase: Bool, inOurs: Bool, inTheirs: Bool) {
        self.path = path
        self.inBase = inBase
        self.inOurs = inOurs
        self.inTheirs = inTheirs
    }
}

/// The outcome of git's ordinary three-way merge of two commits, held in
/// memory: nothing is written to the working tree or the repository index.
/// Resolve conflicts (and override any file) with `Repository.createMergeCommit(_:resolving:message:)`.
public final class MergeResult {
    public let ours: CommitID
    public let theirs: CommitID
    public let base: CommitID?
    /// Conflicts as found by git, sorted by path.
    public let conflicts: [MergeConflict]
    public var conflictedPaths: [String] { conflicts.map(\.path) }

    let index: IndexHandle
    private let repository: Repository

    init(repository: Repository, index: IndexHandle, ours: CommitID, theirs: CommitID, base: CommitID?) throws {
        self.repository = repository
        self.index = index
        self.ours = ours
        self.theirs = theirs
        self.base = base
        conflicts = try Self.readConflicts(index)
    }

    /// The merged contents of a path git merged cleanly; nil for a conflicted or absent path.
    public func data(atPath path: String) throws -> [UInt8]? {
        guard let entry = git_index_get_bypath(index.pointer, path, 0) else { return nil }
        return try repository.lookupBlob(entry.pointee.id).bytes
    }

    /// Text with git's `<<<<<<<`/`>>>>>>>` markers for a conflicted path, for a
    /// caller that wants to show it or write it out; HabitGit never writes it itself.
    public func conflictText(atPath path: String) throws -> [UInt8] {
        var ancestor: UnsafePointer<git_index_entry>?
        var ourEntry: UnsafePointer<git_index_entry>?
        var theirEntry: UnsafePointer<git_index_entry>?
        try check(git_index_conflict_get(&ancestor, &ourEntry, &theirEntry, index.pointer, path),
                  "\(path) is not in conflict")
        var options = git_merge_file_options()
        try check(git_merge_file_options_init(&options, UInt32(GIT_MERGE_FILE_OPTIONS_VERSION)), "Could not prepare a file merge")
        var result = git_merge_file_result()
        try "ours".withCString { oursLabel in
            try "theirs".withCString { theirsLabel in
                options.our_label = oursLabel
                options.their_label = theirsLabel
                try check(git_merge_file_from_index(&result, repository.pointer, ancestor, ourEntry, theirEntry, &options),
                          "Could not merge \(path)")
            }
        }
        defer { git_merge_file_result_free(&result) }
        guard let text = result.ptr, result.len > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: result.len))
    }

    private static func readConflicts(_ index: IndexHandle) throws -> [MergeConflict] {
        guard git_index_has_conflicts(index.pointer) != 0 else { return [] }
        var iterator: OpaquePointer?
        try check(git_index_conflict_iterator_new(&iterator, index.pointer), "Could not list merge conflicts")
        defer { git_index_conflict_iterator_free(iterator) }
        var conflicts: [MergeConflict] = []
        var ancestor: UnsafePointer<git_index_entry>?
        var ours: UnsafePointer<git_index_entry>?
        var theirs: UnsafePointer<git_index_entry>?
        // Entries belong to the index: copy what is needed before it changes.
        while git_index_conflict_next(&ancestor, &ours, &theirs, iterator) == 0 {
            guard let path = (ours ?? theirs ?? ancestor)?.pointee.path else { continue }
            conflicts.append(MergeConflict(path: String(cString: path), inBase: ancestor != nil,
                                           inOurs: ours != nil, inTheirs: theirs != nil))
        }
        return conflicts.sorted { $0.path < $1.path }
    }
}

extension Repository {
    /// git's ordinary merge of `theirs` into `ours`, in memory (no files, no
    /// conflict markers written). Inspect `conflicts`, then finish with
    /// `createMergeCommit(_:resolving:message:)`.
    public func merge(_ theirs: CommitID, into ours: CommitID) throws -> MergeResult {
        let ourCommit = try lookupCommit(ours)
        let theirCommit = try lookupCommit(theirs)
        var options = git_merge_options()
        try check(git_merge_options_init(&options, UInt32(GIT_MERGE_OPTIONS_VERSION)), "Could not prepare the merge")
        var index: OpaquePointer?
        try check(git_merge_commits(&index, pointer, ourCommit.pointer, theirCommit.pointer, &options),
                  "Could not merge \(theirs.hex.prefix(12)) into \(ours.hex.prefix(12))")
        return try MergeResult(repository: self, index: IndexHandle(index!), ours: ours, theirs: theirs,
                               base: mergeBase(ours, theirs))
    }

    /// Finishes `result`: applies `updates` (resolving conflicts or replacing
    /// what git merged), commits with parents [ours, theirs], moves the current
    /// branch to it and updates the working tree. HEAD must still be `result.ours`.
    /// Throws `.conflict` listing any conflict left unresolved.
    @discardableResult
    public func createMergeCommit(_ result: MergeResult, resolving updates: [String: FileUpdate] = [:],
                                  message: String) throws -> CommitID {
        try apply(updates, to: result.index)
        if git_index_has_conflicts(result.index.pointer) != 0 {
            let remaining = result.conflictedPaths.filter { updates[$0] == nil }
            throw GitError(kind: .conflict,
                           summary: "Could not create the merge commit: unresolved conflicts in \(remaining.joined(separator: ", ")).")
        }
        return try commitMerge(index: result.index, ours: result.ours, theirs: result.theirs, message: message)
    }

    /// A merge commit whose files are `ours`' plus `updates` (for a caller that
    /// merged every file itself), with parents [ours, theirs]. Moves the current
    /// branch to it and updates the working tree; HEAD must be `ours`.
    @discardableResult
    public func createMergeCommit(ours: CommitID, theirs: CommitID, applying updates: [String: FileUpdate],
                                  message: String) throws -> CommitID {
        var raw: OpaquePointer?
        try check(git_index_new(&raw), "Could not prepare the merge")
        let index = IndexHandle(raw!)
        try check(git_index_read_tree(index.pointer, lookupCommit(ours).tree().pointer), "Could not read the files of \(ours.hex.prefix(12))")
        try apply(updates, to: index)
        return try commitMerge(index: index, ours: ours, theirs: theirs, message: message)
    }

    private func apply(_ updates: [String: FileUpdate], to index: IndexHandle) throws {
        for (path, update) in updates.sorted(by: { $0.key < $1.key }) {
            let removed = git_index_conflict_remove(index.pointer, path)
            if removed != GIT_ENOTFOUND.rawValue { try check(removed, "Could not resolve \(path)") }
            switch update {
            case .delete:
                let code = git_index_remove(index.pointer, path, 0)
                if code != GIT_ENOTFOUND.rawValue { try check(code, "Could not delete \(path) in the merge") }
            case .write(let bytes):
                var blob = git_oid()
                try check(bytes.withUnsafeBytes { git_blob_create_from_buffer(&blob, pointer, $0.baseAddress, $0.count) },
                          "Could not store the merged \(path)")
                var entry = git_index_entry()
                entry.mode = 0o100644
                entry.id = blob
                try path.withCString { cPath in
                    entry.path = cPath
                    try check(git_index_add(index.pointer, &entry), "Could not record the merged \(path)")
                }
            }
        }
    }

    private func commitMerge(index: IndexHandle, ours: CommitID, theirs: CommitID, message: String) throws -> CommitID {
        guard try headCommitID() == ours else {
            throw GitError(kind: .invalidArgument,
                           summary: "Could not create the merge commit: the branch moved since the merge started; sync again.")
        }
        var treeOID = git_oid()
        try check(git_index_write_tree_to(&treeOID, index.pointer, pointer), "Could not record the merged files")
        let commit = try createCommit(tree: lookupTree(treeOID), parents: [lookupCommit(ours), lookupCommit(theirs)],
                                      message: message, author: nil, updatingReference: nil)
        try moveCurrentBranch(to: commit, reflogMessage: "merge")
        return commit
    }
}
