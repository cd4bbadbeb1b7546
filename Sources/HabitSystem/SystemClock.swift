#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's clocks, read here and nowhere else (`Tests/ArchitectureTests` checks it), so a
/// reader can find every place where time enters the program.
public enum SystemClock {
    /// The wall clock: seconds and nanoseconds since the epoch.
    public static func realtime() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now
    }

    /// The wall clock as seconds since the epoch.
    public static func epochSeconds() -> Double {
        let now = realtime()
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A clock that never jumps (for deadlines and timeouts), as `pthread_cond_timedwait` takes it
    /// once the condition is set to `CLOCK_MONOTONIC`.
    public static func monotonic() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now
    }

    /// The monotonic clock in seconds.
    public static func monotonicSeconds() -> Double {
        let now = monotonic()
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The standard library's monotonic clock, for code that counts in `Duration`.
    public static var continuousNow: ContinuousClock.Instant { ContinuousClock.now }
}
