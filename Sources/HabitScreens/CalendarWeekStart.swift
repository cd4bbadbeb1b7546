import HabitCore
import HabitLocalization

extension Settings {
    /// The first column of the calendars shown in `language` (HabitCore's rule: habit.toml's
    /// `week_starts_on` when it has one, else the language's first day of the week).
    public func calendarWeekStart(in language: Language) -> Weekday {
        calendarWeekStart(languageFirstWeekday: language.firstWeekday)
    }
}
