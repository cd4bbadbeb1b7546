#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's words for an errno value.
public enum ErrorNumber {
    public static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
