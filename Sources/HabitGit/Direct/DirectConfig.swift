#if canImport(Glibc)
import Glibc
#endif

/// The git configuration `DirectRepository` needs, read from the files libgit2 reads (system,
/// XDG, global, the repository's own; or the folder `GitLibrary.setConfigurationSearchPath`
/// named) with a deliberately small grammar: any file it does not fully understand, and any
/// setting that changes how a commit or the index is written, makes it give up (nil), and the
/// change goes through libgit2.
struct DirectConfig {
    /// user.name and user.email, each nil when unset (libgit2 then signs with `Signature.fallback`).
    var name: String?
    var email: String?
    /// The repository's own `[habit]` records (`advance`, `uncommitted`) and whether habit's merge
    /// driver is registered: a record or a missing driver needs libgit2's full preparation.
    var hasHabitRecords = false
    var hasMergeDriver = false
    var hasRenamesSetting = false
    /// Attribute files that apply to every path (info/attributes, XDG, system).
    var attributeFiles: [String] = []

    /// Set by `GitLibrary.setConfigurationSearchPath` (tests and sandboxes).
    nonisolated(unsafe) static var searchPath: String?

    init?(gitDirectory: String) {
        let environment = { (name: String) -> String? in getenv(name).map { String(cString: $0) } }
        var files: [String]
        if let folder = Self.searchPath {
            files = [folder + "/config", folder + "/gitconfig", folder + "/config", folder + "/.gitconfig"]
            attributeFiles = [folder + "/gitattributes", folder + "/attributes"]
        } else {
            guard let home = environment("HOME"), !home.isEmpty else { return nil }
            let xdg = environment("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 + "/git" } ?? home + "/.config/git"
            files = ["/etc/gitconfig", xdg + "/config", home + "/.gitconfig"]
            attributeFiles = ["/etc/gitattributes", xdg + "/attributes"]
        }
        attributeFiles.append(gitDirectory + "/info/attributes")
        files.append(gitDirectory + "/config")
        for (index, file) in files.enumerated() {
            guard let settings = Self.settings(file) else { return nil }
            let local = index == files.count - 1
            for (key, value) in settings {
                switch key {
                case "user.name": name = value
                case "user.email": email = value
                case "core.repositoryformatversion": guard value == "0" else { return nil }
                case "core.bare": guard Self.isFalse(value) else { return nil }
                case "core.logallrefupdates": guard Self.isTrue(value) else { return nil }
                case "core.filemode": guard Self.isTrue(value) else { return nil }
                case "core.autocrlf", "core.ignorecase": guard Self.isFalse(value) else { return nil }
                case "core.eol", "core.attributesfile", "core.sharedrepository", "core.worktree", "core.splitindex",
                     "core.untrackedcache", "core.fsmonitor", "index.version", "feature.manyfiles", "core.commitgraph":
                    return nil
                case "habit.advance", "habit.uncommitted": if local { hasHabitRecords = true }
                case "merge.habit.driver": if local { hasMergeDriver = true }
                case "merge.renames": if local { hasRenamesSetting = true }
                default:
                    if key.hasPrefix("include.") || key.hasPrefix("includeif.") || key.hasPrefix("extensions.") { return nil }
                }
            }
        }
    }

    /// Whether any attribute file that applies to `path` (under `workingDirectory`) could make git
    /// change the file's bytes on their way in: then the index entry must come from libgit2.
    func mayFilter(_ path: String, workingDirectory: String) -> Bool {
        var candidates = attributeFiles + [workingDirectory + "/.gitattributes"]
        var folder = workingDirectory
        for component in path.split(separator: "/").dropLast() {
            folder += "/" + component
            candidates.append(folder + "/.gitattributes")
        }
        for file in candidates where access(file, F_OK) == 0 {
            guard let bytes = DirectFile.read(file) else { return true }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
                guard let first = words.first, !first.hasPrefix("#") else { continue }
                if first.hasPrefix("[attr]") || first.hasPrefix("\"") { return true }
                for word in words.dropFirst() {
                    let name = word.drop(while: { $0 == "-" || $0 == "!" }).prefix(while: { $0 != "=" })
                    if ["text", "eol", "crlf", "filter", "ident", "binary", "working-tree-encoding"].contains(String(name)) { return true }
                }
            }
        }
        return false
    }

    private static func isTrue(_ value: String) -> Bool { ["true", "yes", "on", "1", ""].contains(value.lowercased()) }
    private static func isFalse(_ value: String) -> Bool { ["false", "no", "off", "0"].contains(value.lowercased()) }

    /// The settings of one file as ("section[.subsection].key" lowercased but for the subsection,
    /// value), in order; [] when the file does not exist; nil when it uses anything beyond plain
    /// sections and `key = value` lines (continued lines, old-style subsections, escapes other
    /// than \" \\ \n \t).
    static func settings(_ path: String) -> [(String, String)]? {
        guard access(path, F_OK) == 0 else { return [] }
        guard let bytes = DirectFile.read(path) else { return nil }
        // On bytes: Character-by-Character parsing of a config cost a commit a million instructions.
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

