import CLibgit2
#if canImport(Glibc)
import Glibc
#endif

/// How git records a file's kind in a tree.
public enum FileMode: Hashable, Sendable {
    case regular, executable, symbolicLink, submodule
    case other(UInt32)

    init(raw: UInt32) {
        switch raw {
        case 0o100644: self = .regular
        case 0o100755: self = .executable
        case 0o120000: self = .symbolicLink
        case 0o160000: self = .submodule
        default: self = .other(raw)
        }
    }

    var raw: UInt32 {
        switch self {
        case .regular: 0o100644
        case .executable: 0o100755
        case .symbolicLink: 0o120000
        case .submodule: 0o160000
        case .other(let raw): raw
        }
    }
}

/// One file of a commit: its contents and kind.
public struct TreeFile: Hashable, Sendable {
    public let blob: BlobID
    public let mode: FileMode
    // Only this module builds one (from a tree entry), so the memberwise initialiser serves.
}

/// A change to the files of a commit.
public enum TreeChange: Hashable, Sendable {
    case write([UInt8], executable: Bool)
    case delete
}

extension Repository {
    /// Every path of `commit` that is not a folder (files, links, submodules), slash-separated.
    public func files(in commit: CommitID) throws -> [String: TreeFile] {
        var files: [String: TreeFile] = [:]
        try collect(lookupCommit(commit).tree(), prefix: "", into: &files)
        return files
    }

    private func collect(_ tree: TreeHandle, prefix: String, into files: inout [String: TreeFile]) throws {
        for index in 0..<git_tree_entrycount(tree.pointer) {
            guard let entry = git_tree_entry_byindex(tree.pointer, index) else { continue }
            let name = prefix + String(cString: git_tree_entry_name(entry))
            if git_tree_entry_type(entry) == GIT_OBJECT_TREE {
                try collect(lookupTree(git_tree_entry_id(entry).pointee), prefix: name + "/", into: &files)
            } else {
                files[name] = TreeFile(blob: BlobID(git_tree_entry_id(entry).pointee),
                                       mode: FileMode(raw: git_tree_entry_filemode(entry).rawValue))
            }
        }
    }

    /// The bytes of a blob.
    public func blob(_ id: BlobID) throws -> [UInt8] {
        try lookupBlob(id.oid).bytes
    }

    /// The contents of the file at `path` in `commit`; nil when there is no such file.
    public func data(atPath path: String, in commit: CommitID) throws -> [UInt8]? {
        guard let entry = try lookupCommit(commit).tree().entry(atPath: path),
              entry.type == GIT_OBJECT_BLOB else { return nil }
        return try lookupBlob(entry.id).bytes
    }

    /// Whether git records the executable bit of working files (`core.fileMode`, on unless set false).
    public var recordsExecutableBit: Bool {
        ((try? configValue(forKey: "core.fileMode")) ?? nil).map(Self.isTrue) ?? true
    }

    /// The kind of the file at `path` in `commit`; nil when there is no such file.
    public func fileMode(atPath path: String, in commit: CommitID) throws -> FileMode? {
        guard let entry = try lookupCommit(commit).tree().entry(atPath: path), entry.type == GIT_OBJECT_BLOB else { return nil }
        return FileMode(raw: git_tree_entry_filemode(entry.pointer).rawValue)
    }

    /// Stores `bytes` as a blob (without touching any file).
    public func storeBlob(_ bytes: [UInt8]) throws -> BlobID {
        // git_odb_write hashes first and writes only a blob the database does not hold yet (as
        // `git add` does); git_blob_create_from_buffer compressed every blob before finding it
        // there.
        var database: OpaquePointer?
        try check(git_repository_odb(&database, pointer), "Could not open the object database")
        defer { git_odb_free(database) }
        var oid = git_oid()
        try check(bytes.withUnsafeBytes { git_odb_write(&oid, database, $0.baseAddress, $0.count, GIT_OBJECT_BLOB) },
                  "Could not store a file in the repository")
        return BlobID(oid)
    }

    /// Writes a commit whose files are `base`'s (none when nil) with `changes` applied, with the
    /// given parents, and returns it. Each written file is stored as `git add` would store it
    /// (`storedBytes`: through git's filters). No branch, index or file is touched: the caller moves the
    /// branch once the working files are in place.
    /// A `git gc` running beside it may remove an empty `objects/xx` folder between libgit2
    /// making it and moving an object into it; the objects are written again then, up to eight times,
    /// as git retries such a write.
    public func makeCommit(base: CommitID?, changes: [String: TreeChange], parents: [CommitID], message: String) throws -> CommitID {
        var attempt = 1
        while true {
            do {
                return try makeCommitOnce(base: base, changes: changes, parents: parents, message: message)
            } catch let error as GitError where attempt < 8 && Self.isVanishedObjectFolder(error) {
                attempt += 1
            }
        }
    }

    /// Whether libgit2 failed to place an object because its folder was gone.
    static func isVanishedObjectFolder(_ error: GitError) -> Bool {
        guard let detail = error.detail else { return false }
        return detail.contains("/objects/") && detail.contains("No such file or directory")
    }

    private func makeCommitOnce(base: CommitID?, changes: [String: TreeChange], parents: [CommitID], message: String) throws -> CommitID {
        let treeOID = try base.flatMap { try updatedTree(of: $0, with: changes) } ?? tree(of: base, with: changes)
        let parentHandles = try parents.map(lookupCommit)
        return try createCommit(tree: lookupTree(treeOID), parents: parentHandles, message: message, author: nil,
                                updatingReference: nil)
    }

    /// The tree of `base` with files that exist there rewritten, built by rewriting only the trees
    /// on their paths (`git_tree_create_updated`). Reading the whole tree into an index and
    /// writing it back would check every unchanged blob on every change. nil when a change deletes or adds a path, or a path is not a file in `base`:
    /// those go through the index (`tree(of:with:)`), which handles folders coming and going.
    private func updatedTree(of base: CommitID, with changes: [String: TreeChange]) throws -> git_oid? {
        let baseTree = try lookupCommit(base).tree()
        var updates: [(path: String, id: git_oid, executable: Bool)] = []
        for (path, change) in changes.sorted(by: { $0.key < $1.key }) {
            guard case .write(let bytes, let executable) = change, let entry = try baseTree.entry(atPath: path),
                  entry.type == GIT_OBJECT_BLOB else { return nil }
            let mode = git_tree_entry_filemode(entry.pointer)
            guard mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE else { return nil }
            updates.append((path, try storeBlob(storedBytes(bytes, path: path)).oid, executable))
        }
        guard !updates.isEmpty else { return nil }
        let paths = updates.map { strdup($0.path) }
        defer { paths.forEach { free($0) } }
        var list = updates.indices.map { index in
            git_tree_update(action: GIT_TREE_UPDATE_UPSERT, id: updates[index].id,
                            filemode: updates[index].executable ? GIT_FILEMODE_BLOB_EXECUTABLE : GIT_FILEMODE_BLOB,
                            path: paths[index])
        }
        var treeOID = git_oid()
        try check(git_tree_create_updated(&treeOID, pointer, baseTree.pointer, list.count, &list),
                  "Could not record the files of a commit")
        return treeOID
    }

    /// The tree of `base` with `changes`, built through an in-memory index. Without a base (an
    /// unborn branch, after `git checkout --orphan`) it starts from what the index holds, as the
    /// first `git commit -a` does, so files staged there are not left out.
    private func tree(of base: CommitID?, with changes: [String: TreeChange]) throws -> git_oid {
        var raw: OpaquePointer?
        try check(git_index_new(&raw), "Could not prepare a commit")
        let index = IndexHandle(raw!)
        if let base {
            try check(git_index_read_tree(index.pointer, lookupCommit(base).tree().pointer),
                      "Could not read the files of \(base.hex.prefix(12))")
        } else {
            let staged = try self.index()
            try check(git_index_read(staged.pointer, 0), "Could not read the staging area")
            var stagedTree = git_oid()
            try check(git_index_write_tree(&stagedTree, staged.pointer), "Could not record the files of the staging area")
            try check(git_index_read_tree(index.pointer, lookupTree(stagedTree).pointer), "Could not read the files of the staging area")
        }
        for (path, change) in changes.sorted(by: { $0.key < $1.key }) {
            switch change {
            case .delete:
                let code = git_index_remove(index.pointer, path, 0)
                if code != GIT_ENOTFOUND.rawValue { try check(code, "Could not record the deletion of \(path)") }
            case .write(let bytes, let executable):
                var entry = git_index_entry()
                entry.mode = executable ? 0o100755 : 0o100644
                entry.id = try storeBlob(storedBytes(bytes, path: path)).oid
                try path.withCString { cPath in
                    entry.path = cPath
                    try check(git_index_add(index.pointer, &entry), "Could not record \(path)")
                }
            }
        }
        var treeOID = git_oid()
        try check(git_index_write_tree_to(&treeOID, index.pointer, pointer), "Could not record the files of a commit")
        return treeOID
    }
}

extension Repository {
    /// The body of the tree `id` as stored (from a pack or loose), nil when it is no tree.
    func treeBody(_ id: git_oid) -> [UInt8]? {
        var database: OpaquePointer?
        guard git_repository_odb(&database, pointer) == 0 else { return nil }
        defer { git_odb_free(database) }
        var object: OpaquePointer?
        var oid = id
        guard git_odb_read(&object, database, &oid) == 0, let object else { return nil }
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_TREE, let data = git_odb_object_data(object) else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: git_odb_object_size(object)))
    }

    /// The ids of the trees on the way to each of `paths` in `commit`: its root tree, then each
    /// folder's.
    func treeIDs(onPathsTo paths: [String], in commit: CommitID) throws -> [git_oid] {
        let root = try lookupCommit(commit).tree()
        var ids = [root.id]
        var folders: [String] = []
        for path in paths {
            var folder = ""
            for part in path.split(separator: "/").dropLast() {
                folder += (folder.isEmpty ? "" : "/") + part
                if !folders.contains(folder) { folders.append(folder) }
            }
        }
        for folder in folders {
            if let entry = try root.entry(atPath: folder), entry.type == GIT_OBJECT_TREE { ids.append(entry.id) }
        }
        return ids
    }
}
