import TOML

/// The habit.toml a new directory starts with. `week_starts_on` is left to the language (a
/// comment shows it), so calendars start where the user's language starts a week.
public enum SettingsTemplate {
    /// `categories` in display order.
    public static func text(categories: [String] = []) -> String {
        """
        # habit settings. Categories are listed in display order.
        categories = [\(categories.map(TOMLSerializer.string).joined(separator: ", "))]
        # week_starts_on = "mon"    # calendars start on your language's first day unless set
        # day_starts_at = "03:00"   # keep "today" until 3 am, for night owls

        """
    }
}
