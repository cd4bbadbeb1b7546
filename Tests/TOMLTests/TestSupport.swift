import TOML

/// Parses or fails the test with the rendered diagnostics.
func parse(_ text: String) throws -> TOMLDocument {
    try TOMLDocument(parsing: text)
}


/// Diagnostics of a source that must not parse.
func diagnostics(_ text: String) -> [TOMLDiagnostic] {
    switch TOMLDocument.parse(text) {
    case .success: return []
    case .failure(let failure): return failure.diagnostics
    }
}

/// The lines removed from `old` and added in `new`, after dropping the
/// common leading and trailing lines.
func lineDiff(_ old: String, _ new: String) -> (removed: [Substring], added: [Substring]) {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
        suffix += 1
    }
    return (Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
}
