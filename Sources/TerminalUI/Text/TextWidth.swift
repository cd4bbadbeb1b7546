/// How many columns text takes on a terminal: the one width rule of the whole program.
///
/// The unit is the grapheme cluster (a `Character`), never the scalar: an emoji built of several
/// scalars (ZWJ sequences, flags, skin tones, keycaps) is one glyph of two columns. glibc's
/// `wcwidth` is not used: it knows nothing outside ASCII in the C locale and works per scalar.
public enum TextWidth {
    /// Columns `text` takes.
    public static func width(_ text: String) -> Int {
        var ascii = 0
        var plain = true
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { plain = false; break }
            ascii += 1
        }
        if plain { return ascii }
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    public static func width(_ text: Substring) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// Columns one grapheme takes: 2 for emoji presentation (an emoji-default base, a VS16, a ZWJ
    /// sequence, a flag) and East Asian Wide/Fullwidth, 0 for controls, combining marks and other
    /// zero-width format characters, 1 otherwise.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 && scalars.count == 1 {
            return first.value < 0x20 || first.value == 0x7F ? 0 : 1
        }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        if scalars.count > 1 {
            for scalar in scalars where scalar.value == 0xFE0F || (scalar.value == 0x200D && first.properties.isEmoji) { return 2 }
        }
        if first.properties.isEmojiPresentation { return 2 }
        if isEastAsianWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator: return 0
        default: return 1
        }
    }

    /// Whether terminals disagree on this glyph's width, so the cursor's column after it cannot be
    /// trusted: text-default symbols made emoji by VS16 (`❤️`: tmux 3.3a advances 1), skin tones
    /// and other modifier or ZWJ sequences (`👍🏽`: 4), flags and keycaps, and emoji newer than the
    /// tables of widespread terminals and C libraries (`🫨`, Unicode 15: 0).
    public static func isAmbiguous(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value >= 0x80 || scalars.count > 1 else { return false }
        if scalars.count > 1 {
            for scalar in scalars {
                switch scalar.value {
                case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F: return true
                default: continue
                }
            }
        }
        if first.properties.isEmojiPresentation || first.properties.isEmoji, first.value > 0xFF {
            if let age = first.properties.age, age.major >= 13 { return true }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return true }
        }
        return false
    }

    /// East Asian Wide and Fullwidth blocks (UAX #11) that are not already emoji presentation.
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` padded with spaces on the right to `columns` (unchanged when already as wide).
    public static func pad(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// `text` padded with spaces on the left to `columns`.
    public static func padLeft(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? String(repeating: " ", count: missing) + text : text
    }

    /// At most `columns` wide, ending with `ellipsis` when something was cut. Whole graphemes only:
    /// a wide glyph that would straddle the limit is dropped, so the result may be a column short.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        guard width(text) > columns else { return text }
        let room = columns - width(ellipsis)
        guard room >= 0 else { return prefix(ellipsis, columns: columns) }
        return prefix(text, columns: room) + ellipsis
    }

    /// Exactly `columns` wide: truncated with `ellipsis` if longer, padded with spaces if shorter.
    public static func fit(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        pad(truncate(text, to: columns, ellipsis: ellipsis), to: columns)
    }

    /// The longest run of whole graphemes from the start that fits in `columns`.
    public static func prefix(_ text: String, columns: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns { break }
            result.append(character)
            used += next
        }
        return result
    }
}
