import FoundationEssentials

/// Base64url without padding (RFC 4648 §5), as Web Push writes keys, salts and JWTs.
enum Base64URL {
    static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// nil for anything but base64url (padding is taken and ignored; standard base64 is not).
    static func decode(_ text: String) -> [UInt8]? {
        var core = Substring(text)
        while core.hasSuffix("=") { core.removeLast() }
        guard core.utf8.allSatisfy({ Self.isAlphabet($0) }), core.utf8.count % 4 != 1 else { return nil }
        var standard = String(core.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return Data(base64Encoded: standard).map { Array($0) }
    }

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
    }
}
