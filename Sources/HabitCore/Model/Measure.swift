/// What a numeric habit counts: a day's total against a target, for habits to build
/// ("at least 8 glasses") or to reduce ("at most 2 cigarettes").
public struct Measure: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case atLeast = "at_least"
        case atMost = "at_most"
    }

    /// The day's target total: at least 0 (`at_most = 0` means none at all), above 0 for `at_least`.
    public var target: Double
    public var direction: Direction
    /// What is counted ("glasses", "km"), for display only.
    public var unit: String?

    public init(target: Double, direction: Direction = .atLeast, unit: String? = nil) {
        self.target = target
        self.direction = direction
        self.unit = unit
    }

    /// Whether `target` can be a target in this direction.
    public static func isValidTarget(_ target: Double, _ direction: Direction) -> Bool {
        target.isFinite && (direction == .atMost ? target >= 0 : target > 0) && target <= maximumAmount
    }

    /// The largest amount or target a file may hold (beyond it, doubles stop adding whole units).
    public static let maximumAmount = 1e12

    /// Whether a day with this total counts as done. For `at_most`, a day without a line counts
    /// as a total of 0, so it is done (as in Loop Habit Tracker).
    public func isMet(_ total: Double) -> Bool {
        direction == .atLeast ? total >= target : total <= target
    }

    /// How far a day's total goes towards the target, 0…1, as Loop Habit Tracker scores it: for
    /// `at_least` total ÷ target; for `at_most` 1 while the total is within the target, falling
    /// to 0 at twice the target (1 − (total − target) ÷ target, clamped).
    public func fraction(of total: Double) -> Double {
        switch direction {
        case .atLeast:
            return target > 0 ? min(1, max(0, total / target)) : 1
        case .atMost:
            guard target > 0 else { return total > 0 ? 0 : 1 }
            return min(1, max(0, 1 - (total - target) / target))
        }
    }

    /// Rounds away the binary noise of adding decimal amounts (0.1 + 0.2), keeping six decimals.
    public static func tidy(_ amount: Double) -> Double {
        guard amount.isFinite, abs(amount) < 1e9 else { return amount }
        return (amount * 1_000_000).rounded() / 1_000_000
    }
}
