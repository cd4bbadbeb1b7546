import CZlib
#if canImport(Glibc)
import Glibc
#endif

/// git's loose objects (`.git/objects/xx/…`, one zlib stream of "kind size\0body" each), read and
/// written the way libgit2 does for `DirectRepository`. An object kept only in a pack reads as nil:
/// the caller then leaves the whole change to libgit2.
struct LooseObjects {
    enum Kind: String { case blob, tree, commit }

    /// `.git/objects`.
    let directory: String

    /// The largest object read back: a data file or a tree of a data directory is far smaller.
    static let readLimit = 256 << 20

    static func name(_ kind: Kind, _ body: [UInt8]) -> [UInt8] {
        var hash = SHA1()
        hash.update(Array("\(kind.rawValue) \(body.count)\0".utf8))
        hash.update(body)
        return hash.finish()
    }

    func path(_ id: [UInt8]) -> String {
        let hex = ObjectID<BlobObject>.hex(id)
        return directory + "/" + hex.prefix(2) + "/" + hex.dropFirst(2)
    }

    /// The body of a loose object of `kind`; nil when it is not loose, not of that kind, or does not
    /// match its name.
    func read(_ id: [UInt8], as kind: Kind) -> [UInt8]? {
        guard let compressed = DirectFile.read(path(id)) else { return nil }
        var output: UnsafeMutablePointer<UInt8>?
        var produced = 0
        guard habit_inflate_zlib(compressed, compressed.count, Self.readLimit, &output, &produced) == 0, let output else { return nil }
        defer { habit_zlib_free(output) }
        let whole = UnsafeBufferPointer(start: output, count: produced)
        guard let nul = whole.firstIndex(of: 0) else { return nil }
        let header = String(decoding: whole[..<nul], as: UTF8.self)
        let body = Array(whole[(nul + 1)...])
        guard header == "\(kind.rawValue) \(body.count)", Self.name(kind, body) == id else { return nil }
        return body
    }

    /// Stores an object and returns its name. One the directory already holds loose is only
    /// freshened (its time set to now, as libgit2 and git do, so a pruning gc keeps it).
    /// A new one is written as git writes it: a temporary file `tmp_obj_…` in its folder (which
    /// `git prune` removes if a killed writer leaves it), flushed, linked to its name (an object
    /// another writer linked first is the same bytes), then the folder flushed, as libgit2 does.
    func write(_ kind: Kind, _ body: [UInt8], named name: [UInt8]? = nil) throws -> [UInt8] {
        let id = name ?? Self.name(kind, body)
        let target = path(id)
        if access(target, F_OK) == 0 {
            utimensat(AT_FDCWD, target, nil, 0)
            return id
        }
        var raw = Array("\(kind.rawValue) \(body.count)\0".utf8)
        raw += body
        var compressed = [UInt8](repeating: 0, count: habit_deflate_bound(raw.count) + 64)
        let size = habit_deflate_zlib(raw, raw.count, 1, &compressed, compressed.count)
        guard size > 0 else { throw DirectFailure("Could not compress a \(kind.rawValue)") }
        compressed.removeSubrange(size...)

        let folder = String(target.dropLast(39))
        var createdFolder = false
        if mkdir(folder, 0o777) == 0 {
            createdFolder = true
        } else if errno != EEXIST {
            throw DirectFailure("Could not create \(folder)", errno: errno)
        }
        let temporary = folder + "/tmp_obj_habit_\(getpid())_\(UInt32.random(in: 0...UInt32.max))"
        try DirectFile.create(temporary, contents: compressed, mode: 0o444, flush: true)
        if link(temporary, target) != 0 && errno != EEXIST {
            let error = errno
            unlink(temporary)
            throw DirectFailure("Could not store object \(ObjectID<BlobObject>.hex(id))", errno: error)
        }
        unlink(temporary)
        try DirectFile.flushFolder(folder)
        if createdFolder { try DirectFile.flushFolder(directory) }
        return id
    }
}
