import CLibgit2
#if canImport(Glibc)
import Glibc
#endif

/// Who a commit is by, as `git var GIT_AUTHOR_IDENT` and `GIT_COMMITTER_IDENT` give it:
/// `GIT_AUTHOR_NAME`/`GIT_AUTHOR_EMAIL` (`GIT_COMMITTER_…`), else `author.name`/`author.email`
/// (`committer.…`), else `user.name`/`user.email`, else `EMAIL` for the address; settings read
/// from `GIT_CONFIG_PARAMETERS` (`git -c`) and `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` first, then the repository's
/// config, then `GIT_CONFIG_GLOBAL` when set (else the global, XDG and system files). Where git
/// would guess from the system instead, habit signs `Signature.fallback`, unless
/// `user.useConfigOnly` forbids guessing: then the commit is refused, as git refuses it.
struct Identity {
    let repository: Repository
    let environment: (String) -> String?

    /// An empty variable counts as unset.
    init(_ repository: Repository, environment: @escaping (String) -> String? = { getenv($0).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }) {
        self.repository = repository
        self.environment = environment
    }

    enum Role: String { case author, committer }

    func signature(_ role: Role) throws -> Signature {
        let prefix = "GIT_" + role.rawValue.uppercased()
        let name = environment(prefix + "_NAME") ?? setting(role.rawValue + ".name") ?? setting("user.name")
        let email = environment(prefix + "_EMAIL") ?? setting(role.rawValue + ".email") ?? setting("user.email") ?? environment("EMAIL")
        let cleanName = name.map(Self.withoutCrud).flatMap { $0.isEmpty ? nil : $0 }
        let cleanEmail = email.map(Self.withoutCrud)
        if cleanName == nil || cleanEmail == nil, setting("user.useconfigonly").map(Repository.isTrue) ?? false {
            throw GitError(kind: .identityUnknown, summary: "no \(cleanEmail == nil ? "email" : "name") was given and auto-detection is disabled")
        }
        return Signature(name: cleanName ?? Signature.fallback.name, email: cleanEmail ?? Signature.fallback.email)
    }

    /// A setting's value as git reads it (see the type's comment); nil when unset.
    func setting(_ key: String) -> String? {
        let lowered = key.lowercased()
        // `git -c key=value` hands its settings to the programs it runs here, after GIT_CONFIG_COUNT's.
        if let parameters = environment("GIT_CONFIG_PARAMETERS"),
           let value = Self.commandLineSettings(parameters).last(where: { $0.key.lowercased() == lowered }) {
            return value.value ?? ""
        }
        if let count = environment("GIT_CONFIG_COUNT").flatMap({ Int($0) }), count > 0 {
            for index in stride(from: count - 1, through: 0, by: -1)
            where environment("GIT_CONFIG_KEY_\(index)")?.lowercased() == lowered {
                return environment("GIT_CONFIG_VALUE_\(index)") ?? ""
            }
        }
        if let local = try? repository.localConfigValue(forKey: key) { return local }
        if let global = environment("GIT_CONFIG_GLOBAL") {
            return global.isEmpty ? nil : Self.value(key, inFile: global)
        }
        return (try? repository.configValue(forKey: key)) ?? nil
    }

    /// The settings of `GIT_CONFIG_PARAMETERS` in order: single-quoted words, each `'key'='value'`
    /// (git 2.31 and later) or `'key=value'`, a quote inside written `'\''`. A key without a value
    /// is a boolean true (nil).
    static func commandLineSettings(_ text: String) -> [(key: String, value: String?)] {
        var result: [(key: String, value: String?)] = []
        var rest = Substring(text)
        /// One single-quoted word at the start of `rest`, nil when there is none.
        func quoted() -> String? {
            guard rest.first == "'" else { return nil }
            var word = ""
            rest.removeFirst()
            while let character = rest.popFirst() {
                guard character == "'" else { word.append(character); continue }
                // `'\''` (and `'\!'`) continue the word with a quote (or `!`).
                guard rest.first == "\\", rest.dropFirst().first.map({ $0 == "'" || $0 == "!" }) ?? false,
                      rest.dropFirst(2).first == "'" else { return word }
                word.append(rest.dropFirst().first!)
                rest = rest.dropFirst(3)
            }
            return nil
        }
        while true {
            rest = rest.drop(while: \.isWhitespace)
            guard !rest.isEmpty, let first = quoted() else { return result }
            if rest.first == "=" {
                rest.removeFirst()
                result.append((first, quoted() ?? ""))
            } else if let equals = first.firstIndex(of: "=") {
                result.append((String(first[..<equals]), String(first[first.index(after: equals)...])))
            } else {
                result.append((first, nil))
            }
        }
    }

    private static func value(_ key: String, inFile path: String) -> String? {
        var config: OpaquePointer?
        guard git_config_open_ondisk(&config, path) == 0, let config else { return nil }
        defer { git_config_free(config) }
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        guard git_config_get_string_buf(&buffer, config, key) == 0 else { return nil }
        return buffer.ptr.map { String(cString: $0) }
    }

    /// As git's `strbuf_addstr_without_crud`: leading and trailing `.,:;<>"\'` and whitespace go,
    /// and `<`, `>` and line breaks inside.
    static func withoutCrud(_ text: String) -> String {
        let crud: Set<Character> = [".", ",", ":", ";", "<", ">", "\"", "\\", "'"]
        var trimmed = Substring(text)
        while let first = trimmed.first, crud.contains(first) || first.isWhitespace { trimmed.removeFirst() }
        while let last = trimmed.last, crud.contains(last) || last.isWhitespace { trimmed.removeLast() }
        return String(trimmed.filter { $0 != "<" && $0 != ">" && $0 != "\n" })
    }
}
