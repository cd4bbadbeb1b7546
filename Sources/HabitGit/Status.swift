import CLibgit2

/// One changed path in the working tree, compared with the HEAD commit.
public struct FileStatus: Sendable, Hashable {
    public enum Change: Sendable, Hashable {
        /// Not tracked and not ignored.
        case untracked
        /// Staged as new but not committed yet.
        case added
        case modified
        case deleted
        /// Left unmerged in the index by an interrupted merge.
        case conflicted
    }

    /// Slash-separated, relative to the working tree.
    public let path: String
    public let change: Change
    // Only git reports one (tests build theirs through @testable): the memberwise initialiser serves.
}

extension Repository {
    /// Changed paths (index and working tree combined, against HEAD), sorted by
    /// path. Ignored files are left out; untracked directories are listed file by file.
    /// Renames show up as a deletion plus a new file because the caller
    /// validates files by path.
    public func status(includeUntracked: Bool = true) throws -> [FileStatus] {
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "Could not prepare status")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        var flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
        if includeUntracked {
            flags |= GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
        }
        options.flags = flags
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &options), "Could not compute the working-tree status")
        let statusList = StatusListHandle(list!)

        var result: [FileStatus] = []
        for index in 0..<git_status_list_entrycount(statusList.pointer) {
            guard let entry = git_status_byindex(statusList.pointer, index)?.pointee else { continue }
            let delta = entry.index_to_workdir ?? entry.head_to_index
            guard let delta else { continue }
            let file = delta.pointee.new_file.path ?? delta.pointee.old_file.path
            guard let file else { continue }
            guard let change = Self.change(for: entry.status.rawValue) else { continue }
            result.append(FileStatus(path: String(cString: file), change: change))
        }
        return result
    }

    private static func change(for flags: UInt32) -> FileStatus.Change? {
        func has(_ flag: git_status_t) -> Bool { flags & flag.rawValue != 0 }
        if has(GIT_STATUS_CONFLICTED) { return .conflicted }
        // Removed from the index but back on disk: committing everything keeps it, possibly changed.
        if has(GIT_STATUS_INDEX_DELETED) && has(GIT_STATUS_WT_NEW) { return .modified }
        if has(GIT_STATUS_WT_DELETED) || has(GIT_STATUS_INDEX_DELETED) {
            // Staged-new then deleted from disk means nothing is left to commit.
            return has(GIT_STATUS_INDEX_NEW) && has(GIT_STATUS_WT_DELETED) ? nil : .deleted
        }
        if has(GIT_STATUS_INDEX_NEW) { return .added }
        if has(GIT_STATUS_WT_NEW) { return .untracked }
        if has(GIT_STATUS_WT_MODIFIED) || has(GIT_STATUS_INDEX_MODIFIED) || has(GIT_STATUS_WT_TYPECHANGE)
            || has(GIT_STATUS_INDEX_TYPECHANGE) || has(GIT_STATUS_WT_RENAMED) || has(GIT_STATUS_INDEX_RENAMED) {
            return .modified
        }
        return nil
    }
}

extension Repository {
    /// Paths whose staged version differs from HEAD's (what `git merge` or `git add` staged),
    /// conflicted paths included.
    public func stagedPaths() throws -> [String] {
        let index = try self.index()
        try check(git_index_read(index.pointer, 0), "Could not read the staging area")
        let tree = try headCommitID().map { try lookupCommit($0).tree() }
        var options = git_diff_options()
        try check(git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION)), "Could not prepare a comparison")
        var raw: OpaquePointer?
        try check(git_diff_tree_to_index(&raw, pointer, tree?.pointer, index.pointer, &options), "Could not compare the staging area")
        let diff = DiffHandle(raw!)
        var paths: Set<String> = []
        for position in 0..<git_diff_num_deltas(diff.pointer) {
            guard let delta = git_diff_get_delta(diff.pointer, position)?.pointee else { continue }
            if let path = delta.new_file.path ?? delta.old_file.path { paths.insert(String(cString: path)) }
        }
        return paths.sorted()
    }
}
