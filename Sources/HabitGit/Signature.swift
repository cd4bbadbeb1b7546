import CLibgit2
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A moment as git records it: seconds since the epoch plus the author's UTC offset.
public struct GitTime: Sendable, Hashable {
    public let secondsSinceEpoch: Int64
    /// Minutes east of UTC.
    public let offsetMinutes: Int32

    public init(secondsSinceEpoch: Int64, offsetMinutes: Int32) {
        (self.secondsSinceEpoch, self.offsetMinutes) = (secondsSinceEpoch, offsetMinutes)
    }

    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSinceEpoch)) }
}

/// Who made a commit.
public struct Signature: Sendable, Hashable {
    public var name: String
    public var email: String
    /// nil means "now" when committing.
    public var time: GitTime?

    public init(name: String, email: String, time: GitTime? = nil) {
        self.name = name
        self.email = email
        self.time = time
    }

    /// Used when git has no `user.name`/`user.email`, so committing never fails
    /// on a fresh machine.
    public static let fallback = Signature(name: "habit", email: "habit@localhost")

    init(_ raw: git_signature) {
        name = raw.name.map { String(cString: $0) } ?? ""
        email = raw.email.map { String(cString: $0) } ?? ""
        time = GitTime(secondsSinceEpoch: raw.when.time, offsetMinutes: raw.when.offset)
    }

    func makeHandle() throws -> SignatureHandle {
        var raw: UnsafeMutablePointer<git_signature>?
        if let time {
            try check(git_signature_new(&raw, name, email, time.secondsSinceEpoch, time.offsetMinutes),
                      "Could not use \(name) <\(email)> as commit author")
        } else {
            try check(git_signature_now(&raw, name, email), "Could not use \(name) <\(email)> as commit author")
        }
        return SignatureHandle(raw!)
    }
}

extension Repository {
    /// The identity from git configuration (`user.name`, `user.email`), or
    /// `Signature.fallback` when none is configured.
    public func defaultSignature() -> Signature {
        var raw: UnsafeMutablePointer<git_signature>?
        guard git_signature_default(&raw, pointer) == 0, let raw else {
            return .fallback
        }
        defer { git_signature_free(raw) }
        var signature = Signature(raw.pointee)
        signature.time = nil
        return signature
    }
}
