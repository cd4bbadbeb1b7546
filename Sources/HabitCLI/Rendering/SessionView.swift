import HabitLocalization

/// A view that words and styles what it shows as its session says (language, colours).
protocol SessionView {
    var session: Session { get }
}

extension SessionView {
    var t: Messages { session.t }
    var style: Style { session.style }
}
