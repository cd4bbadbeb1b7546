import HabitCore

/// What the form's emoji and colour pickers offer, in one place for every front-end.
public enum FormPalette {
    /// The specs' eighteen emoji (each valid for `TrackerEmoji`), with 💖 and 🌴 for ❤️ and 🏝️,
    /// whose width terminals disagree on (an emoji by a variation selector).
    public static let emojis: [String] = [
        "🙂", "😻", "🌺", "🐶", "💖", "😱", "😇", "😡", "🥶", "🤔", "🙌", "🍔", "🥦", "🏓", "🥇", "🎸", "🌴", "😪",
    ]

    /// HabitCore's palette colours, drawn with the terminal's (or the page's) own palette.
    public static let colors: [TrackerColor] = PaletteColor.allCases.map { .palette($0) }

    /// The emoji offered, with `current` (a tracker's own, set by hand) added at the end when it is
    /// not among them, so editing never loses it.
    public static func emojis(keeping current: String?) -> [String] {
        guard let current, !emojis.contains(current) else { return emojis }
        return emojis + [current]
    }

    /// The colours offered, with `current` (an exact `#RRGGBB`) added at the end when it is not among them.
    public static func colors(keeping current: TrackerColor?) -> [TrackerColor] {
        guard let current, !colors.contains(current) else { return colors }
        return colors + [current]
    }
}
