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
        var result: [(String, String)] = []
        var section: String?
        for rawLine in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            var line = Substring(rawLine)
            while let first = line.first, first == " " || first == "\t" || first == "\r" { line.removeFirst() }
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
            guard let first = line.first, first != "#", first != ";" else { continue }
            if first == "[" {
                guard let close = line.lastIndex(of: "]") else { return nil }
                let after = line[line.index(after: close)...].drop(while: { $0 == " " || $0 == "\t" })
                guard after.isEmpty || after.first == "#" || after.first == ";" else { return nil }
                let inside = line[line.index(after: line.startIndex)..<close]
                if let quote = inside.firstIndex(of: "\"") {
                    let name = inside[..<quote].trimmingSpaces()
                    guard inside.last == "\"", !name.contains("."), !name.isEmpty else { return nil }
                    let subsection = inside[inside.index(after: quote)..<inside.index(before: inside.endIndex)]
                    guard !subsection.contains("\\"), !subsection.contains("\"") else { return nil }
                    section = name.lowercased() + "." + subsection
                } else {
                    guard !inside.contains("."), !inside.isEmpty else { return nil }
                    section = inside.trimmingSpaces().lowercased()
                }
                continue
            }
            guard let section else { return nil }
            let keyEnd = line.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "-") }) ?? line.endIndex
            let key = line[..<keyEnd]
            guard !key.isEmpty else { return nil }
            var rest = line[keyEnd...].drop(while: { $0 == " " || $0 == "\t" })
            if rest.isEmpty {
                result.append((section + "." + key.lowercased(), ""))
                continue
            }
            guard rest.first == "=" else { return nil }
            rest = rest.dropFirst()
            guard let value = parseValue(rest) else { return nil }
            result.append((section + "." + key.lowercased(), value))
        }
        return result
    }

    private static func parseValue(_ text: Substring) -> String? {
        var value = ""
        var quoted = false
        var pendingSpace = ""
        var iterator = text.makeIterator()
        var started = false
        while let character = iterator.next() {
            if character == "\"" {
                quoted.toggle()
                value += pendingSpace
                pendingSpace = ""
                started = true
            } else if character == "\\" {
                guard let next = iterator.next() else { return nil }
                switch next {
                case "\"": value += pendingSpace + "\""
                case "\\": value += pendingSpace + "\\"
                case "n": value += pendingSpace + "\n"
                case "t": value += pendingSpace + "\t"
                default: return nil
                }
                pendingSpace = ""
                started = true
            } else if !quoted && (character == "#" || character == ";") {
                return value
            } else if !quoted && (character == " " || character == "\t") {
                if started { pendingSpace.append(character) }
            } else {
                value += pendingSpace
                pendingSpace = ""
                value.append(character)
                started = true
            }
        }
        return quoted ? nil : value
    }
}

private extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
