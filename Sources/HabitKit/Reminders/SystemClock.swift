#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitCore

extension LocalClock {
    /// The machine's zone (`TZ`, else `/etc/localtime`) from the C library, which knows named
    /// zones whatever parts of Foundation the program links.
    public static let system: LocalClock = {
        tzset()
        return LocalClock { instant in
            var time = time_t(instant)
            var parts = tm()
            guard localtime_r(&time, &parts) != nil else { return 0 }
            return Int(parts.tm_gmtoff)
        }
    }()
}
