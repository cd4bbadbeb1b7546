import CZlib
#if canImport(Glibc)
import Glibc
#endif

/// git's loose objects (`.git/objects/xx/…`, one zlib stream of "kind size\0body" each), read
/// without libgit2 for `WaitingCommits`. An object kept only in a pack reads as nil: the caller
/// then asks libgit2. Only libgit2 writes objects.
struct LooseObjects {
    enum Kind: String { case commit }

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
        guard let compressed = GitFile.read(path(id)) else { return nil }
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
}
