/// The password a person may set for `habit serve` (`habit serve --set-password`), kept as a
/// salted PBKDF2-HMAC-SHA256 hash in `$XDG_CONFIG_HOME/habit/serve-password` with mode 0600, next
/// to the token: configuration of this machine, never in the data directory (which is synced).
/// The CLI sets it; the web app's login page checks it.
public struct ServePassword: Sendable, Equatable {
    public var iterations: Int
    public var salt: [UInt8]
    public var hash: [UInt8]

    /// Rounds of a new hash: a fraction of a second per check in a release build, which the login
    /// page's rate limit multiplies for whoever guesses.
    public static let defaultIterations = 200_000
    /// Shorter passwords are refused when set.
    public static let minimumLength = 8

    public static func path(environment: [String: String]) -> String {
        SecretFile.path("serve-password", environment: environment)
    }

    /// A new hash of `password` with a fresh random salt.
    public init(hashing password: String, iterations: Int = ServePassword.defaultIterations) {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        self.init(iterations: iterations, salt: salt, hash: PBKDF2.sha256(password: Array(password.utf8), salt: salt, iterations: iterations))
    }

    public init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// "pbkdf2-sha256$200000$<salt hex>$<hash hex>"
    public var line: String { "pbkdf2-sha256$\(iterations)$\(Self.hex(salt))$\(Self.hex(hash))" }

    public init?(line: String) {
        let parts = line.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let iterations = Int(parts[1]), (1...10_000_000).contains(iterations),
              let salt = Self.bytes(parts[2]), salt.count >= 8, let hash = Self.bytes(parts[3]), hash.count == 32 else { return nil }
        self.init(iterations: iterations, salt: salt, hash: hash)
    }

    /// Whether `candidate` is the password, compared in time that does not depend on where they differ.
    public func matches(_ candidate: String) -> Bool {
        let computed = PBKDF2.sha256(password: Array(candidate.utf8), salt: salt, iterations: iterations)
        var difference: UInt8 = 0
        for index in hash.indices { difference |= hash[index] ^ computed[index] }
        return difference == 0
    }

    /// The stored password; nil when none is set, or the file is unreadable, malformed, or
    /// readable by others (then it is ignored: a hash others can read invites guessing offline).
    public static func load(environment: [String: String]) -> ServePassword? {
        SecretFile.read(path(environment: environment)).flatMap { ServePassword(line: $0) }
    }

    /// Writes the hash with mode 0600 (a temporary file, fsync, rename), making the folders (0700).
    public func store(environment: [String: String]) throws(HabitError) {
        let path = Self.path(environment: environment)
        do throws(SecretFile.WriteFailure) {
            try SecretFile.write(line, to: path)
        } catch {
            throw .io(path: path, operation: .write, errno: error.errno)
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            for (index, byte) in bytes.enumerated() {
                text[2 * index] = digits[Int(byte >> 4)]
                text[2 * index + 1] = digits[Int(byte & 15)]
            }
            return bytes.count * 2
        }
    }

    static func bytes(_ text: Substring) -> [UInt8]? {
        let scalars = Array(text.utf8)
        guard scalars.count % 2 == 0 else { return nil }
        var result: [UInt8] = []
        for index in stride(from: 0, to: scalars.count, by: 2) {
            guard let high = nibble(scalars[index]), let low = nibble(scalars[index + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
