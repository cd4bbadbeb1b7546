import CLibgit2
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// Every libgit2 handle imports as the same `OpaquePointer`; one small owner
// type per kind keeps an index from being passed where a tree is wanted and
// ties each free function to the right pointer.

/// What every owner below holds: the pointer its `deinit` frees.
class GitHandle {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

final class CommitHandle: GitHandle {
    deinit { git_commit_free(pointer) }

    var id: CommitID { CommitID(git_commit_id(pointer).pointee) }

    func tree() throws -> TreeHandle {
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, pointer), "Could not read the files of commit \(id.hex.prefix(12))")
        return TreeHandle(tree!)
    }

    var parentIDs: [CommitID] {
        (0..<git_commit_parentcount(pointer)).compactMap { index in
            git_commit_parent_id(pointer, index).map { CommitID($0.pointee) }
        }
    }
}

final class TreeHandle: GitHandle {
    deinit { git_tree_free(pointer) }

    var id: git_oid { git_tree_id(pointer).pointee }

    /// The entry at a slash-separated path, or nil when there is none.
    func entry(atPath path: String) throws -> TreeEntryHandle? {
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, pointer, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "Could not look up \(path)")
        return TreeEntryHandle(entry!)
    }
}

final class TreeEntryHandle: GitHandle {
    deinit { git_tree_entry_free(pointer) }

    var id: git_oid { git_tree_entry_id(pointer).pointee }
    var type: git_object_t { git_tree_entry_type(pointer) }
}

final class BlobHandle: GitHandle {
    deinit { git_blob_free(pointer) }

    var bytes: [UInt8] {
        let size = Int(git_blob_rawsize(pointer))
        guard size > 0, let raw = git_blob_rawcontent(pointer) else { return [] }
        return Array(UnsafeRawBufferPointer(start: raw, count: size))
    }
}

final class IndexHandle: GitHandle {
    deinit { git_index_free(pointer) }
}

final class ReferenceHandle: GitHandle {
    deinit { git_reference_free(pointer) }
}

final class DiffHandle: GitHandle {
    deinit { git_diff_free(pointer) }
}

final class RemoteHandle: GitHandle {
    deinit { git_remote_free(pointer) }
}

final class ConfigHandle: GitHandle {
    deinit { git_config_free(pointer) }
}

final class StatusListHandle: GitHandle {
    deinit { git_status_list_free(pointer) }
}

final class SignatureHandle {
    let pointer: UnsafeMutablePointer<git_signature>
    init(_ pointer: UnsafeMutablePointer<git_signature>) { self.pointer = pointer }
    deinit { git_signature_free(pointer) }
}

/// Calls `body` with a `git_strarray` view of `strings`; the C strings live only
/// for the duration of the call.
func withStrarray<R>(_ strings: [String], _ body: (UnsafeMutablePointer<git_strarray>) throws -> R) rethrows -> R {
    let cStrings: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    var mutable = cStrings
    return try mutable.withUnsafeMutableBufferPointer { buffer in
        var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
        return try body(&array)
    }
}
