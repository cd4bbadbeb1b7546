/// A line of text being typed, edited as readline edits it: the caret moves by grapheme with ←/→
/// (Ctrl-B/Ctrl-F), to the ends with Home/End (Ctrl-A/Ctrl-E), by word with Alt-←/Alt-→
/// (Alt-B/Alt-F); Backspace and Delete (Ctrl-D) remove a grapheme, Ctrl-W and Alt-Backspace the
/// word before the caret, Ctrl-U everything before it, Ctrl-K everything after it.
public struct TextField: Hashable, Sendable {
    public private(set) var text: String
    /// The caret, as the number of graphemes before it.
    public private(set) var caret: Int

    public init(_ text: String = "") {
        self.text = text
        caret = text.count
    }

    public enum Outcome: Hashable, Sendable {
        /// The text changed.
        case edited
        /// Only the caret moved (or nothing happened at an end).
        case moved
        /// Not an editing key: for the caller to handle.
        case ignored
    }

    /// Applies `press`; a character is typed only when `accepts` takes it.
    public mutating func handle(_ press: KeyPress, accepts: (Character) -> Bool = { _ in true }) -> Outcome {
        let alt = press.modifiers.contains(.alt), control = press.modifiers.contains(.control)
        switch press.key {
        case .left where alt: caret = wordStart(before: caret)
        case .right where alt: caret = wordEnd(after: caret)
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home: caret = 0
        case .end: caret = text.count
        case .backspace where alt || control: return remove(wordStart(before: caret)..<caret)
        case .backspace: return remove(max(0, caret - 1)..<caret)
        case .delete: return remove(caret..<min(text.count, caret + 1))
        case .character(let letter) where control:
            switch letter {
            case "a": caret = 0
            case "e": caret = text.count
            case "b": caret = max(0, caret - 1)
            case "f": caret = min(text.count, caret + 1)
            case "d": return remove(caret..<min(text.count, caret + 1))
            case "w": return remove(wordStart(before: caret)..<caret)
            case "u": return remove(0..<caret)
            case "k": return remove(caret..<text.count)
            default: return .ignored
            }
        case .character(let letter) where alt:
            switch letter {
            case "b": caret = wordStart(before: caret)
            case "f": caret = wordEnd(after: caret)
            default: return .ignored
            }
        case .character(let character):
            guard accepts(character) else { return .ignored }
            text.insert(character, at: index(caret))
            caret += 1
            return .edited
        default:
            return .ignored
        }
        return .moved
    }

    /// Columns before the caret, where the terminal's cursor goes.
    public var caretColumn: Int { TextWidth.width(text.prefix(caret)) }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }

    private mutating func remove(_ range: Range<Int>) -> Outcome {
        guard !range.isEmpty else { return .moved }
        text.removeSubrange(index(range.lowerBound)..<index(range.upperBound))
        caret = range.lowerBound
        return .edited
    }

    /// Where the word before `offset` starts: spaces skipped, then letters, as readline's Ctrl-W.
    private func wordStart(before offset: Int) -> Int {
        let characters = Array(text)
        var position = offset
        while position > 0, characters[position - 1].isWhitespace { position -= 1 }
        while position > 0, !characters[position - 1].isWhitespace { position -= 1 }
        return position
    }

    private func wordEnd(after offset: Int) -> Int {
        let characters = Array(text)
        var position = offset
        while position < characters.count, characters[position].isWhitespace { position += 1 }
        while position < characters.count, !characters[position].isWhitespace { position += 1 }
        return position
    }
}
