import HabitLocalization

extension WebText {
    /// HabitLocalization's catalogs in the page's language: every word added to the web app since
    /// the catalogs exist lives there.
    var words: Messages { messages }
}
