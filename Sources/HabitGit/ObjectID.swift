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

    /// The id whose 20 bytes are `bytes`.
    init(bytes: [UInt8]) {
        precondition(bytes.count == 20)
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid) { $0.copyBytes(from: bytes) }
        self.oid = oid
    }

    var bytes: [UInt8] { withUnsafeBytes(of: oid) { Array($0.prefix(20)) } }

    /// Parses a full 40-digit hexadecimal id. In Swift, as `hex` and equality are: a read-only
    /// command (`WaitingCommits`) compares ids without loading libgit2.
    public init?(hex: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        var high: UInt8?
        for unit in hex.utf8 {
            let value: UInt8
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard bytes.count == 20, high == nil else { return nil }
        self.init(bytes: bytes)
    }

    public var hex: String { Self.hex(bytes) }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public var description: String { hex }

    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        withUnsafeBytes(of: lhs.oid) { l in withUnsafeBytes(of: rhs.oid) { r in l.elementsEqual(r) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes(of: oid) { hasher.combine(bytes: $0) }
    }
}

public typealias CommitID = ObjectID<CommitObject>
public typealias BlobID = ObjectID<BlobObject>
