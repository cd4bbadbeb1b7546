import FoundationEssentials

/// The little of OpenSSH's client configuration habit applies itself: libgit2 1.5 talks ssh
/// through libssh2, which reads no `~/.ssh/config` at all. Only `IdentityFile` is honoured
/// (aliases, `HostName`, `Port`, `User` and `ProxyJump` are not: the URL must name the real
/// host, port and user).
enum SSHConfig {
    /// The host an ssh URL (`ssh://user@host:port/path` or `user@host:path`) connects to.
    static func host(ofURL url: String) -> String? {
        var rest = Substring(url)
        if let scheme = url.firstRange(of: "://") {
            rest = url[scheme.upperBound...]
            rest = rest.prefix { $0 != "/" }
        } else {
            guard let colon = rest.firstIndex(of: ":") else { return nil }
            rest = rest[..<colon]
        }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[rest.index(after: rest.startIndex)..<close]) }
        if let colon = rest.firstIndex(of: ":") { rest = rest[..<colon] }
        return rest.isEmpty ? nil : String(rest)
    }

    /// `text` without the characters of `set` at either end.
    static func trimmed(_ text: Substring, of set: String) -> String {
        String(text.drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }

    /// `IdentityFile` values of every `Host` block matching `host`, in order, `~/` expanded.
    static func identityFiles(configPath: String, host: String, home: String) -> [String] {
        guard let text = try? String(contentsOfFile: configPath, encoding: .utf8) else { return [] }
        var applies = true  // lines before the first Host/Match block apply to every host
        var files: [String] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = Self.trimmed(rawLine, of: " \t")
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "=" })
            guard parts.count == 2 else { continue }
            let keyword = parts[0].lowercased()
            let value = Self.trimmed(parts[1], of: " \t=\"")
            switch keyword {
            case "host":
                let patterns = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: ",")
                applies = KnownHosts.matches(patterns: patterns, host: host)
            case "match":
                applies = false  // not supported
            case "identityfile" where applies:
                var path = value
                if path.hasPrefix("~/") { path = home + path.dropFirst(1) }
                path = path.replacing("%d", with: home).replacing("%h", with: host)
                files.append(path)
            default:
                break
            }
        }
        return files
    }

    /// Whether a private key file needs a passphrase (OpenSSH or PEM format).
    static func isEncryptedPrivateKey(atPath path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        if text.contains("ENCRYPTED") { return true }
        guard text.contains("-----BEGIN OPENSSH PRIVATE KEY-----") else { return false }
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: body) else { return false }
        // "openssh-key-v1\0", then the cipher name as an SSH string: "none" when not encrypted.
        let magic = 15
        guard data.count > magic + 4 else { return false }
        let bytes = [UInt8](data)
        let length = Int(bytes[magic]) << 24 | Int(bytes[magic + 1]) << 16 | Int(bytes[magic + 2]) << 8 | Int(bytes[magic + 3])
        guard length < 64, bytes.count >= magic + 4 + length else { return false }
        return String(decoding: bytes[(magic + 4)..<(magic + 4 + length)], as: UTF8.self) != "none"
    }
}
