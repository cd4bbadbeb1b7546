/// Rules for names of trackers and categories, shared by every command that takes one.
public enum TrackerName {
    public static let maximumLength = 38

    public enum Problem: Hashable, Sendable {
        case empty
        case tooLong(count: Int)
        case controlCharacter
    }

    /// Checks a name as a person typed it; length counts what they see (grapheme clusters).
    public static func problem(with name: String) -> Problem? {
        if name.trimmingWhitespace().isEmpty { return .empty }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .controlCharacter
        }
        if name.count > maximumLength { return .tooLong(count: name.count) }
        return nil
    }

    /// Case-insensitive identity of names: "Morning Run" and "morning run" clash.
    public static func key(_ name: String) -> String {
        name.lowercased()
    }
}

extension String {
    public func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
