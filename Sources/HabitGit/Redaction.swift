/// Hides the secrets of every `scheme://…` URL in `text`: the user-info part (`user:token@`)
/// becomes `***@`, every query value (`?token=…&x=…`) and the fragment become `***`, so tokens embedded in
/// remote URLs never reach a terminal or a log. scp-like `git@host:path` addresses carry no
/// secret and stay as they are.
public func redactCredentials(_ text: String) -> String {
    guard text.contains("://") else { return text }
    var result = ""
    var rest = Substring(text)
    while let schemeRange = rest.range(of: "://") {
        result += rest[..<schemeRange.upperBound]
        rest = rest[schemeRange.upperBound...]
        let urlEnd = rest.firstIndex(where: { $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == ")" || $0 == "]" }) ?? rest.endIndex
        var url = rest[..<urlEnd]
        rest = rest[urlEnd...]
        // The authority ends at the first '/', '?' or '#'; user info is before its last '@'.
        let authorityEnd = url.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? url.endIndex
        let authority = url[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            result += "***"
            result += authority[at...]
        } else {
            result += authority
        }
        url = url[authorityEnd...]
        // The path stays; every query value and the whole fragment are hidden.
        let pathEnd = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        result += url[..<pathEnd]
        url = url[pathEnd...]
        if url.first == "?" {
            let query = url.dropFirst()
            let fragmentStart = query.firstIndex(of: "#") ?? query.endIndex
            result += "?" + query[..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false).map { pair in
                guard let equals = pair.firstIndex(of: "=") else { return pair.isEmpty ? "" : "***" }
                return pair[...equals] + "***"
            }.joined(separator: "&")
            url = query[fragmentStart...]
        }
        if url.first == "#" { result += "#***" }
    }
    result += rest
    return result
}
