import Foundation

/// Replaces the user-info part of every `scheme://user:secret@host` URL in
/// `text` with `***`, so tokens embedded in remote URLs never reach a terminal
/// or a log. scp-like `git@host:path` addresses carry no secret and stay as they are.
public func redactCredentials(_ text: String) -> String {
    guard text.contains("://"), text.contains("@") else { return text }
    var result = ""
    var rest = Substring(text)
    while let schemeRange = rest.range(of: "://") {
        result += rest[..<schemeRange.upperBound]
        rest = rest[schemeRange.upperBound...]
        // The authority ends at the first '/', whitespace or quote; user info is before its last '@'.
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0.isWhitespace || $0 == "'" || $0 == "\"" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            result += "***"
            result += authority[at...]
        } else {
            result += authority
        }
        rest = rest[authorityEnd...]
    }
    result += rest
    return result
}
