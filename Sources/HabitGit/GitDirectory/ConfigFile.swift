#if canImport(Glibc)
import Glibc
#endif

/// The settings of one git config file, read without libgit2 with a deliberately small grammar,
/// for what a read-only command needs to know (`WaitingCommits`: the remote, the last sync's
/// error). Anything beyond plain sections and `key = value` lines makes it give up (nil), and the
/// caller asks libgit2. habit never writes a setting through it.
enum ConfigFile {
    /// The settings of one file as ("section[.subsection].key" lowercased but for the subsection,
    /// value), in order; [] when the file does not exist; nil when it uses anything beyond plain
    /// sections and `key = value` lines (continued lines, old-style subsections, escapes other
    /// than \" \\ \n \t).
    static func settings(_ path: String) -> [(String, String)]? {
        guard access(path, F_OK) == 0 else { return [] }
        guard let bytes = GitFile.read(path) else { return nil }
        // On bytes: every commit reads the config, and reading it by Characters was much of its work.
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
        var result: [(String, String)] = []
        var section: String?
        for rawLine in bytes.split(separator: 0x0A) {
            var line = rawLine
            while let first = line.first, isBlank(first) { line.removeFirst() }
            while let last = line.last, isBlank(last) { line.removeLast() }
            guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: ";") else { continue }
            if first == UInt8(ascii: "[") {
                guard let close = line.lastIndex(of: UInt8(ascii: "]")) else { return nil }
                let after = line[(close + 1)...].drop(while: isBlank)
                guard after.isEmpty || after.first == UInt8(ascii: "#") || after.first == UInt8(ascii: ";") else { return nil }
                let inside = line[(line.startIndex + 1)..<close]
                if let quote = inside.firstIndex(of: UInt8(ascii: "\"")) {
                    var name = inside[..<quote]
                    while let last = name.last, isBlank(last) { name.removeLast() }
                    guard inside.last == UInt8(ascii: "\""), quote < inside.endIndex - 1, !name.isEmpty,
                          !name.contains(UInt8(ascii: ".")) else { return nil }
                    let subsection = inside[(quote + 1)..<(inside.endIndex - 1)]
                    guard !subsection.contains(UInt8(ascii: "\\")), !subsection.contains(UInt8(ascii: "\"")) else { return nil }
                    section = text(name).lowercased() + "." + text(subsection)
                } else {
                    guard !inside.isEmpty, !inside.contains(UInt8(ascii: ".")), !inside.contains(where: isBlank) else { return nil }
                    section = text(inside).lowercased()
                }
                continue
            }
            guard let section else { return nil }
            let keyEnd = line.firstIndex(where: { byte in
                !((byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2D)
            }) ?? line.endIndex
            guard keyEnd > line.startIndex else { return nil }
            let key = section + "." + text(line[..<keyEnd]).lowercased()
            var rest = line[keyEnd...].drop(while: isBlank)
            if rest.isEmpty {
                result.append((key, ""))
                continue
            }
            guard rest.first == UInt8(ascii: "=") else { return nil }
            rest = rest.dropFirst()
            guard let value = parseValue(rest) else { return nil }
            result.append((key, value))
        }
        return result
    }

    private static func parseValue(_ bytes: ArraySlice<UInt8>) -> String? {
        var value: [UInt8] = []
        var quoted = false
        var pendingSpace: [UInt8] = []
        var started = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
                value += pendingSpace
                pendingSpace = []
                started = true
            } else if byte == UInt8(ascii: "\\") {
                guard index < bytes.endIndex else { return nil }
                let next = bytes[index]
                index += 1
                switch next {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): value += pendingSpace + [next]
                case UInt8(ascii: "n"): value += pendingSpace + [0x0A]
                case UInt8(ascii: "t"): value += pendingSpace + [0x09]
                default: return nil
                }
                pendingSpace = []
                started = true
            } else if !quoted && (byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";")) {
                break
            } else if !quoted && (byte == 0x20 || byte == 0x09) {
                if started { pendingSpace.append(byte) }
            } else {
                value += pendingSpace
                pendingSpace = []
                value.append(byte)
                started = true
            }
        }
        return quoted ? nil : String(decoding: value, as: UTF8.self)
    }
}

