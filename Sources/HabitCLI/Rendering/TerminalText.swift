/// Making data safe and measurable on a terminal.
///
/// Anything read from a data file may contain escape sequences; printed raw they could move the
/// cursor, recolour the screen or set the window title. Every piece of data goes through `safe`.
enum TerminalText {
    /// Control characters, DEL, C1 controls and bidirectional overrides shown as `\u{…}`.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `safe`, line by line: newlines of our own multi-line messages stay.
    static func safeKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(separator: "\n")
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks and overrides
        default: return false
        }
    }

    /// Columns a string takes on a terminal: wide (East Asian) characters and emoji take two,
    /// combining marks and joiners none.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation selector
        if scalars.count > 1, scalars.contains(where: { $0.value == 0x200D }) { return 2 }  // ZWJ sequence
        if first.properties.isEmojiPresentation { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Pads with spaces on the right to `columns` (no-op when already wider).
    static func pad(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    static func padLeft(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? String(repeating: " ", count: missing) + text : text
    }

    /// Cuts to at most `columns`, ending with `…` when something was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}
