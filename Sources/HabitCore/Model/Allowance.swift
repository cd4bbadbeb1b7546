/// Forgiven misses (`allow = "1 per week"`): up to `count` missed due days in each calendar week
/// (starting on `week_starts_on`) or calendar month do not break a streak. The first misses of a
/// period, in date order, are the forgiven ones (docs/statistics.md §9).
public struct Allowance: Hashable, Sendable, CustomStringConvertible {
    public var count: Int
    public var period: Period

    public init(count: Int, period: Period) {
        (self.count, self.period) = (count, period)
    }

    /// The most misses a period may forgive: fewer than the days it has, so that a period missed
    /// entirely always breaks the run (6 a week, 30 a month).
    public static func maximumCount(_ period: Period) -> Int { period == .week ? 6 : 30 }

    public enum Problem: Error, Hashable, Sendable {
        /// Not "N per week" nor "N per month".
        case unknown
        /// The count is outside `1...maximum`.
        case countOutOfRange(maximum: Int)
    }

    /// `"1 per week"`, `"2 per month"`; the spellings a schedule forgives (`"1/week"`,
    /// `"2 times a month"`, `"weekly"`) work too.
    public static func parse(_ text: String) -> Result<Allowance, Problem> {
        switch ScheduleText.parse(text) {
        case .success(.periodic(let count, let period)):
            let maximum = maximumCount(period)
            guard count <= maximum else { return .failure(.countOutOfRange(maximum: maximum)) }
            return .success(Allowance(count: count, period: period))
        case .failure(.countOutOfRange(let maximum)):
            return .failure(.countOutOfRange(maximum: min(maximum, maximumCount(maximum == 7 ? .week : .month))))
        default:
            return .failure(.unknown)
        }
    }

    /// As a file writes it: `"1 per week"`.
    public var description: String { "\(count) per \(period.rawValue)" }
}
