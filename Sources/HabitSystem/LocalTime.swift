// The local wall clock from the C library (TZ / /etc/localtime), for code that imports only
// FoundationEssentials: there TimeZone.current is GMT and TimeZone(identifier:) is nil for
// named zones, because time zone rules come from ICU in FoundationInternationalization.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum LocalTime {
    public struct Parts: Equatable, Sendable { public var year, month, day, hour, minute, second, utcOffsetSeconds: Int; public var isDST: Bool }

    /// Reads TZ again (glibc's localtime_r only reads it once per process otherwise).
    public static func reloadZone() { tzset() }

    /// The local civil time at `epochSeconds`.
    public static func parts(at epochSeconds: Int) -> Parts {
        var t = time_t(epochSeconds), tmv = tm()
        localtime_r(&t, &tmv)
        return Parts(year: Int(tmv.tm_year) + 1900, month: Int(tmv.tm_mon) + 1, day: Int(tmv.tm_mday),
                     hour: Int(tmv.tm_hour), minute: Int(tmv.tm_min), second: Int(tmv.tm_sec),
                     utcOffsetSeconds: Int(tmv.tm_gmtoff), isDST: tmv.tm_isdst > 0)
    }

    /// Seconds east of UTC at `epochSeconds` (what TimeZone.secondsFromGMT(for:) gives).
    public static func utcOffset(at epochSeconds: Int) -> Int { parts(at: epochSeconds).utcOffsetSeconds }

    /// The instant of a local wall-clock time. A time repeated by a DST change (02:30 on a fall-back
    /// night) gives the earlier instant; a time skipped by one (02:30 on a spring-forward night) gives
    /// mktime's answer, the instant the gap is pushed forward to (03:30). glibc's mktime with
    /// tm_isdst = -1 alone picks either occurrence of a repeated time, so both are tried.
    public static func epoch(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> Int {
        func make(_ isdst: Int32) -> Int {
            var tmv = tm()
            tmv.tm_year = Int32(year - 1900); tmv.tm_mon = Int32(month - 1); tmv.tm_mday = Int32(day)
            tmv.tm_hour = Int32(hour); tmv.tm_min = Int32(minute); tmv.tm_isdst = isdst
            return Int(mktime(&tmv))
        }
        let exact = [make(0), make(1)].filter {
            let p = parts(at: $0)
            return p.year == year && p.month == month && p.day == day && p.hour == hour && p.minute == minute
        }
        return exact.min() ?? make(-1)
    }

    /// "2026-11-22 03:16"
    public static func minuteText(at epochSeconds: Int) -> String {
        let p = parts(at: epochSeconds)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(p.year)-\(two(p.month))-\(two(p.day)) \(two(p.hour)):\(two(p.minute))"
    }
}
