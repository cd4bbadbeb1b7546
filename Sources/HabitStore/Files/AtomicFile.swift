/// Atomic writes to a file given by its full path, for files outside a data directory's layout
/// (the `%A` file a git merge driver is handed, the load cache, an export).
public enum AtomicFile {
    /// - Parameter replacing: false refuses (`EEXIST`, nothing written) when the file exists.
    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool = true) throws(StoreError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let staged = try SafeDirectory(root: folder).stage(name, contents: bytes)
        if replacing { try staged.commit() } else { try staged.commitWithoutReplacing() }
    }
}
