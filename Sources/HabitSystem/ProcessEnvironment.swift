#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment as a dictionary, read as `ProcessInfo.environment` reads it (each
/// `KEY=value` split at its first `=`, entries without one left out, a later duplicate winning),
/// at a fraction of the cost: that one searches every entry by Characters, which was a tenth of
/// a warm `habit list`.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return [:] }
        var count = 0
        while entry[count] != nil { count += 1 }
        var result = [String: String](minimumCapacity: count)
        while let pointer = entry.pointee {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if bytes.allSatisfy({ $0 < 0x80 }) {
                // In ASCII every byte is a Character but for CR LF, so the first `=` byte is the
                // first `=` Character.
                if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                    result[key] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
            } else {
                // Anything else exactly as ProcessInfo does: repaired UTF-8, searched by Characters.
                let text = String(cString: pointer)
                if let delimiter = text.firstIndex(of: "=") {
                    result[String(text[..<delimiter])] = String(text[text.index(after: delimiter)...])
                }
            }
            entry += 1
        }
        return result
    }
}
