import CLibgit2

/// What kind of object an id names; the phantom type keeps a blob id from being passed where a
/// commit id is wanted.
public enum CommitObject {}
public enum BlobObject {}

/// The SHA-1 of a git object of kind `Kind`.
public struct ObjectID<Kind>: Hashable, Sendable, CustomStringConvertible {
    var oid: git_oid

    init(_ oid: git_oid) {
        self.oid = oid
    }

    /// Parses a full 40-digit hexadecimal id.
    public init?(hex: String) {
        guard hex.utf8.count == 40 else { return nil }
        var oid = git_oid()
        guard git_oid_fromstr(&oid, hex) == 0 else { return nil }
        self.oid = oid
    }

    public var hex: String {
        withUnsafePointer(to: oid) { pointer in
            var buffer = [CChar](repeating: 0, count: 41)
            git_oid_tostr(&buffer, 41, pointer)
            return String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    public var description: String { hex }

    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        withUnsafePointer(to: lhs.oid) { l in
            withUnsafePointer(to: rhs.oid) { r in git_oid_equal(l, r) != 0 }
        }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: oid) { hasher.combine(bytes: $0) }
    }
}

public typealias CommitID = ObjectID<CommitObject>
public typealias BlobID = ObjectID<BlobObject>
