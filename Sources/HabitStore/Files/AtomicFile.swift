/// Atomic writes to a file given by its full path, for files outside a data directory's layout
/// (the `%A` file a git merge driver is handed, the load cache).
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        try SafeDirectory(root: folder).write(name, contents: bytes)
    }
}
