import Foundation
import HabitKit
import Testing
import TestSupport

/// The password of `habit serve`: PBKDF2-HMAC-SHA256 written by hand (no cryptography library is
/// linked), checked against Python's `hashlib`, and kept with mode 0600 in the config directory.
@Suite struct ServePasswordTests {
    /// PBKDF2-HMAC-SHA256 by Python's hashlib: the reference.
    static func python(_ password: String, salt: [UInt8], iterations: Int, scratch: ScratchDirectory) throws -> String {
        let script = "import hashlib,sys; print(hashlib.pbkdf2_hmac('sha256', sys.argv[1].encode(), bytes.fromhex(sys.argv[2]), int(sys.argv[3])).hex())"
        let hex = salt.map { String(format: "%02x", $0) }.joined()
        let outcome = try ChildProcess("/usr/bin/python3", ["-c", script, password, hex, String(iterations)],
                                       environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], scratch: scratch.path).wait(timeout: 60)
        #expect(outcome.succeeded, "python3: \(outcome.err)")
        return outcome.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theHashIsPBKDF2OfThePassword() throws {
        let scratch = try ScratchDirectory("serve-password")
        // Short and long passwords (a key longer than a SHA-256 block is hashed first), non-ASCII.
        for (password, iterations) in [("correct horse", 1), ("correct horse", 1000), (String(repeating: "пароль", count: 12), 7), ("", 2)] {
            let hashed = ServePassword(hashing: password, iterations: iterations)
            let parts = hashed.line.split(separator: "$", omittingEmptySubsequences: false)
            #expect(parts.count == 4 && parts[0] == "pbkdf2-sha256" && parts[1] == Substring(String(iterations)))
            #expect(String(parts[3]) == (try Self.python(password, salt: hashed.salt, iterations: iterations, scratch: scratch)), "\(password) × \(iterations)")
            #expect(hashed.matches(password))
            #expect(!hashed.matches(password + " "))
            #expect(ServePassword(line: hashed.line) == hashed)
        }
        // Two hashes of one password differ by their salt.
        #expect(ServePassword(hashing: "same", iterations: 1).salt != ServePassword(hashing: "same", iterations: 1).salt)
    }

    @Test func itIsKeptReadableByItsOwnerAlone() throws {
        let scratch = try ScratchDirectory("serve-password")
        let environment = ["XDG_CONFIG_HOME": scratch.path + "/config", "HOME": scratch.path]
        #expect(ServePassword.load(environment: environment) == nil)
        let password = ServePassword(hashing: "correct horse", iterations: 10)
        try password.store(environment: environment)
        let path = ServePassword.path(environment: environment)
        #expect(path == scratch.path + "/config/habit/serve-password")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(ServePassword.load(environment: environment) == password)
        // A hash others can read invites guessing offline: it is ignored.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(ServePassword.load(environment: environment) == nil)
        // A malformed file is no password.
        try "pbkdf2-sha256$10$00$zz\n".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(ServePassword.load(environment: environment) == nil)
    }
}
