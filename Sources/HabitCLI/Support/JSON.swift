import HabitInterchange

/// The JSON writer lives in HabitInterchange, which `habit export json` needs too; this name lets
/// every screen here use it without importing HabitInterchange.
typealias JSON = HabitInterchange.JSON
