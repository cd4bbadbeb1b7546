import HabitLocalization
import TerminalUI

/// Making data safe and measurable on a terminal.
///
/// Anything read from a data file may contain escape sequences; printed raw they could move the
/// cursor, recolour the screen or set the window title. Every piece of data goes through `safe`.
enum TerminalText {
    /// Control characters, DEL, C1 controls and bidirectional overrides shown as `\u{…}`
    /// (HabitLocalization's `DataText`, the one rule for every front-end).
    static func safe(_ text: String) -> String { DataText.safe(text) }

    /// `safe`, line by line: newlines of our own multi-line messages stay.
    static func safeKeepingLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(separator: "\n")
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { DataText.isUnsafe(scalar) }

    /// Columns a string takes on a terminal: TerminalUI's one width rule (grapheme clusters;
    /// emoji and East Asian wide characters 2, combining marks and joiners 0).
    static func width(_ text: String) -> Int { TextWidth.width(text) }

    static func width(of character: Character) -> Int { TextWidth.width(of: character) }

    /// Pads with spaces on the right to `columns` (no-op when already wider).
    static func pad(_ text: String, to columns: Int) -> String { TextWidth.pad(text, to: columns) }

    static func padLeft(_ text: String, to columns: Int) -> String { TextWidth.padLeft(text, to: columns) }

    /// Cuts to at most `columns`, ending with `…` when something was cut; never inside a grapheme.
    static func truncate(_ text: String, to columns: Int) -> String { TextWidth.truncate(text, to: columns) }
}
