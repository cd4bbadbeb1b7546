extension StringProtocol {
    /// Whether `part` occurs in the text, compared as UTF-8 bytes. The standard library's
    /// `contains(_:)` on strings goes through the string-processing module's generic search,
    /// 0.3 M instructions on its first use in a process: every command paid it to read its
    /// terminal's name and the git configuration. Meant for ASCII words (a key, a section
    /// header), where bytes and characters agree.
    public func containsBytes(of part: String) -> Bool {
        let text = Array(utf8), part = Array(part.utf8)
        guard !part.isEmpty, part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { text[$0..<$0 + part.count].elementsEqual(part) }
    }
}
