#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `HABIT_CLOCK_FILE`: names a file holding a local time (`2026-11-22T10:02:30`) that tests
/// rewrite to make time pass at once for what counts time while it runs (`habit timer`). Read
/// here, beside `HABIT_NOW` and the real clocks, so that every reading of the time is in this module.
public enum ClockFile {
    public static let variable = "HABIT_CLOCK_FILE"

    /// The text of the file `environment` names (its first 256 bytes), read afresh at each call;
    /// nil when the variable is unset or the file cannot be read.
    public static func text(environment: [String: String]) -> String? {
        guard let path = environment[variable] else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }
}
