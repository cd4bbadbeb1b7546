import HabitInterchange
import HabitKit

/// The JSON writer lives in HabitKit, which `habit export json` needs too; this name lets every
/// screen here use it without importing HabitKit.
typealias JSON = HabitKit.JSON
