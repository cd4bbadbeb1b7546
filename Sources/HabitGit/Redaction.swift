/// Hides the secrets of every `scheme://…` URL in `text`: the user-info part (`user:token@`)
/// becomes `***@`, and every query value (`?token=…&x=…`) becomes `***`, so tokens embedded in
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
        guard let question = url.firstIndex(of: "?") else {
            result += url
            continue
        }
        result += url[...question]
        let query = url[url.index(after: question)...]
        let fragmentStart = query.firstIndex(of: "#") ?? query.endIndex
        result += query[..<fragmentStart].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            return pair[...equals] + "***"
        }.joined(separator: "&")
        result += query[fragmentStart...]
    }
    result += rest
    return result
}
