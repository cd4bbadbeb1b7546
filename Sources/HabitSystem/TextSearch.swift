extension StringProtocol {
    /// Whether `part` occurs in the text, compared as UTF-8 bytes. The standard library's
    /// `contains(_:)` on strings goes through the string-processing module's generic search,
    /// which sets itself up on its first use in a process: every command paid that to read its
    /// terminal's name and the git configuration. Meant for ASCII words (a key, a section
    /// header), where bytes and characters agree.
    public func containsBytes(of part: String) -> Bool {
        Array(utf8).containsBytes(of: part)
    }
}

extension Array where Element == UInt8 {
    /// Whether the UTF-8 of `part` occurs in these bytes (a file read and not decoded).
    public func containsBytes(of part: String) -> Bool {
        let part = Array(part.utf8)
        guard !part.isEmpty, part.count <= count else { return false }
        return (0...(count - part.count)).contains { self[$0..<$0 + part.count].elementsEqual(part) }
    }
}
