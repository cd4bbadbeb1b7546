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

    /// Columns one grapheme takes, by Unicode's East Asian Width of its first code point (from
    /// `UnicodeWidthTable`, generated from the Unicode Character Database): 2 for Wide and
    /// Fullwidth (every Emoji_Presentation emoji among them), 0 for controls, marks and format
    /// characters, 1 otherwise. A text-default pictograph (🏋 🕊 🌡 🖥 👁 🗓) is 1, as glibc's
    /// `wcwidth` and tmux count it, unless the grapheme asks for the emoji presentation: a VS16
    /// (`❤️`), a skin tone, a ZWJ sequence, or a pair of regional indicators (a flag). Any other
    /// grapheme of several code points takes what its code points take, at most 2.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first?.value else { return 0 }
        if first < 0x80 && scalars.count == 1 {
            return first < 0x20 || first == 0x7F ? 0 : 1
        }
        if first < 0x20 || (0x7F...0x9F).contains(first) { return 0 }
        if scalars.count == 1 { return width(ofScalar: first) }
        if asksForEmojiPresentation(scalars, first: first) { return 2 }
        // Terminals advance per code point: a spacing mark (`कि`) or a halfwidth sound mark (`ｶﾞ`)
        // takes a column of its own. A cell holds at most two.
        var total = 0
        for scalar in scalars { total += width(ofScalar: scalar.value) }
        return min(2, total)
    }

    /// Columns one code point takes by the table (controls are 0 here).
    private static func width(ofScalar value: UInt32) -> Int {
        if value < 0x300 { return value < 0x20 || (0x7F...0x9F).contains(value) ? 0 : 1 }
        if UnicodeWidthTable.contains(UnicodeWidthTable.zero, value) { return 0 }
        if UnicodeWidthTable.contains(UnicodeWidthTable.wide, value) { return 2 }
        // Newer than the table: the runtime's own Unicode data knows an emoji it does not.
        if value >= 0x1F000, let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation, isNewerThanTable(scalar) { return 2 }
        return 1
    }

    /// A VS16 after an emoji, a skin tone, a ZWJ after a pictograph, or a flag's pair.
    private static func asksForEmojiPresentation(_ scalars: Character.UnicodeScalarView, first: UInt32) -> Bool {
        if (0x1F1E6...0x1F1FF).contains(first) { return scalars.count >= 2 }
        var index = scalars.index(after: scalars.startIndex)
        while index != scalars.endIndex {
            switch scalars[index].value {
            case 0xFE0F:
                if UnicodeWidthTable.contains(UnicodeWidthTable.emoji, first) { return true }
            case 0x1F3FB...0x1F3FF, 0x200D:
                if UnicodeWidthTable.contains(UnicodeWidthTable.emoji, first) || UnicodeWidthTable.contains(UnicodeWidthTable.textPictographic, first) { return true }
            default:
                break
            }
            index = scalars.index(after: index)
        }
        return false
    }

    /// Whether `scalar` was assigned after the table's Unicode version.
    private static func isNewerThanTable(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return (age.major, age.minor) > (UnicodeWidthTable.major, UnicodeWidthTable.minor)
    }

    /// Whether terminals disagree on this glyph's width, so the cursor's column after it cannot be
    /// trusted: text-default symbols made emoji by VS16 (`❤️`: tmux 3.3a advances 1), skin tones
    /// and other modifier or ZWJ sequences (`👍🏽`: 4), flags and keycaps, text-default pictographs
    /// (`🏋`: 1 here, 2 on terminals that draw them as emoji), code points glibc's table widens
    /// against Unicode's, and emoji newer than the tables of widespread terminals and C libraries
    /// (`🫨`, Unicode 15: 0).
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
            // A mark with a column of its own: terminals that draw clusters and those that draw
            // code points disagree.
            for scalar in scalars.dropFirst() where width(ofScalar: scalar.value) > 0 { return true }
        }
        let value = first.value
        if value < 0x3248 { return false }
        if UnicodeWidthTable.contains(UnicodeWidthTable.textPictographic, value) { return true }
        if UnicodeWidthTable.contains(UnicodeWidthTable.glibcWide, value) { return true }
        if first.properties.isEmojiPresentation || first.properties.isEmoji, value > 0xFF {
            if let age = first.properties.age, age.major >= 13 { return true }
            if (0x1F1E6...0x1F1FF).contains(value) { return true }
        }
        return false
    }

    /// The Unicode version of the width table (East Asian Width and emoji data).
    public static var unicodeVersion: String { UnicodeWidthTable.unicodeVersion }

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
