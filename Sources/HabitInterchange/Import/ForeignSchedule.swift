import HabitCore

/// Frequencies of other tools as habit's schedules.
enum ForeignSchedule {
    /// `numerator` times in `denominator` days (Loop's and harsh's frequencies): the schedule and
    /// whether it is exact. Daily for n/n; every N days for 1/N; N per week for N/7; N per month for
    /// N/30 and N/31; otherwise the nearest N per week (windows under 30 days) or N per month.
    static func schedule(_ numerator: Int, _ denominator: Int) -> (Schedule, exact: Bool) {
        if numerator >= denominator { return (.daily, numerator == denominator) }
        if numerator == 1 {
            return denominator <= 366 ? (.interval(days: denominator), true) : (.interval(days: 366), false)
        }
        if denominator == 7 { return (.periodic(count: numerator, period: .week), true) }
        if denominator == 30 || denominator == 31 { return (.periodic(count: numerator, period: .month), true) }
        let rate = Double(numerator) / Double(denominator)
        if denominator < 30 {
            return (.periodic(count: min(7, max(1, Int((rate * 7).rounded()))), period: .week), false)
        }
        return (.periodic(count: min(31, max(1, Int((rate * 30).rounded()))), period: .month), false)
    }
}

/// Loop Habit Tracker's 20 colours as habit's palette names (by meaning, as Loop names them).
enum LoopPalette {
    static let names: [String: PaletteColor] = [
        "#d32f2f": .red, "#e64a19": .orange, "#f57c00": .orange, "#ff8f00": .orange, "#f9a825": .yellow,
        "#afb42b": .green, "#7cb342": .green, "#388e3c": .green, "#00897b": .teal, "#00acc1": .teal,
        "#039be5": .blue, "#1976d2": .blue, "#303f9f": .blue, "#5e35b1": .purple, "#8e24aa": .purple,
        "#d81b60": .pink, "#5d4037": .gray, "#303030": .gray, "#757575": .gray, "#aaaaaa": .gray,
    ]

    /// A `#RRGGBB` of Loop's palette as a palette name; another colour as itself; nil for none.
    static func color(_ hex: String) -> TrackerColor? {
        let lower = hex.lowercased()
        if let name = names[lower] { return .palette(name) }
        return TrackerColor(lower)
    }
}
