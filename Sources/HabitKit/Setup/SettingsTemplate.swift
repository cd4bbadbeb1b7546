import TOML

/// The habit.toml a new directory starts with.
public enum SettingsTemplate {
    /// `categories` in display order.
    public static func text(categories: [String] = []) -> String {
        """
        # habit settings. Categories are listed in display order.
        categories = [\(categories.map(TOMLSerializer.string).joined(separator: ", "))]
        week_starts_on = "mon"
        # day_starts_at = "03:00"   # keep "today" until 3 am, for night owls

        """
    }
}
