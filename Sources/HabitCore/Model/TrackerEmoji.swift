/// The rule for a tracker's emoji: exactly one emoji, as a person sees it (one grapheme cluster,
/// so 🏃‍♀️ and 🇪🇸 count as one), with at least one emoji scalar that is not plain ASCII (digits
/// and `#` have the emoji property too).
public enum TrackerEmoji {
    public static func isValid(_ text: String) -> Bool {
        text.count == 1 && text.unicodeScalars.contains { $0.properties.isEmoji && !$0.isASCII }
    }
}
