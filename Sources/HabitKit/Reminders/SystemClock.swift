import HabitCore
import HabitSystem

extension LocalClock {
    /// The machine's zone (`TZ`, else `/etc/localtime`) from the C library through `LocalTime`,
    /// which knows named zones whatever parts of Foundation the program links.
    public static let system: LocalClock = {
        LocalTime.reloadZone()
        return LocalClock { LocalTime.utcOffset(at: $0) }
    }()
}
