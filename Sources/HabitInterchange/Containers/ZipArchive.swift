import CZlib

/// Why a file is not a .zip habit can read or write.
public enum ZipProblem: Error, Equatable, Sendable {
    case notAZip
    /// A feature habit does not read (ZIP64, encryption, a compression method other than deflate).
    case unsupported(String)
    /// The entry (or "central directory") whose bytes do not add up.
    case corrupt(String)
    /// libz.so.1 could not be loaded: the loader's words.
    case zlibMissing(String)
}

/// The entries of a .zip file (PKWARE APPNOTE: stored and deflated entries, UTF-8 names), read
/// whole into memory: the exports habit reads are a few megabytes at most. No ZIP64, no encryption.
struct ZipArchive {
    struct Entry {
        let name: String
        fileprivate let method: UInt16
        fileprivate let crc: UInt32
        fileprivate let compressedSize: Int
        fileprivate let size: Int
        fileprivate let headerOffset: Int
    }

    let entries: [Entry]
    private let bytes: [UInt8]
    /// The most an entry may unpack to. A Loop export of ten years of a hundred habits is a few
    /// megabytes; a size beyond this is a damaged or hostile file, not one to allocate for.
    static let maximumEntrySize = 256 << 20

    init(_ bytes: [UInt8]) throws(ZipProblem) {
        self.bytes = bytes
        // The end-of-central-directory record is the last 22 bytes, unless a comment follows it.
        let lowest = max(0, bytes.count - 22 - 65_535)
        var end = bytes.count - 22
        while end >= lowest, Self.u32(bytes, end) != 0x0605_4b50 { end -= 1 }
        guard end >= lowest, bytes.count >= 22 else { throw .notAZip }
        let count = Int(Self.u16(bytes, end + 10))
        let directoryOffset = Int(Self.u32(bytes, end + 16))
        guard count != 0xFFFF, directoryOffset != 0xFFFF_FFFF else { throw .unsupported("ZIP64") }
        var entries: [Entry] = []
        var at = directoryOffset
        for _ in 0..<count {
            guard at + 46 <= bytes.count, Self.u32(bytes, at) == 0x0201_4b50 else { throw .corrupt("central directory") }
            let flags = Self.u16(bytes, at + 8)
            let nameLength = Int(Self.u16(bytes, at + 28))
            let extraLength = Int(Self.u16(bytes, at + 30))
            let commentLength = Int(Self.u16(bytes, at + 32))
            guard at + 46 + nameLength <= bytes.count else { throw .corrupt("central directory") }
            guard flags & 1 == 0 else { throw .unsupported("encrypted entries") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(
                name: name, method: Self.u16(bytes, at + 10), crc: Self.u32(bytes, at + 16),
                compressedSize: Int(Self.u32(bytes, at + 20)), size: Int(Self.u32(bytes, at + 24)),
                headerOffset: Int(Self.u32(bytes, at + 42))))
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The uncompressed bytes of `entry`, checked against its CRC-32.
    func contents(of entry: Entry) throws(ZipProblem) -> [UInt8] {
        let header = entry.headerOffset
        guard header + 30 <= bytes.count, Self.u32(bytes, header) == 0x0403_4b50 else { throw .corrupt(entry.name) }
        let start = header + 30 + Int(Self.u16(bytes, header + 26)) + Int(Self.u16(bytes, header + 28))
        guard start + entry.compressedSize <= bytes.count else { throw .corrupt(entry.name) }
        let packed = bytes[start..<(start + entry.compressedSize)]
        var output: [UInt8]
        switch entry.method {
        case 0:
            output = Array(packed)
        case 8:
            guard entry.size <= Self.maximumEntrySize else { throw .unsupported("an entry of over 256 MB (\(entry.name))") }
            guard habit_zlib_load() == 0 else { throw .zlibMissing(String(cString: habit_zlib_error())) }
            output = [UInt8](repeating: 0, count: entry.size)
            let status = packed.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { habit_inflate_raw(input.baseAddress, input.count, $0.baseAddress, entry.size) }
            }
            guard status == 0 else { throw .corrupt(entry.name) }
        default:
            throw .unsupported("compression method \(entry.method)")
        }
        guard output.count == entry.size, Self.crc32(output) == entry.crc else { throw .corrupt(entry.name) }
        return output
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { habit_crc32($0.baseAddress, $0.count) }
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}

/// Builds a .zip in memory: deflated entries with UTF-8 names, in the order they are added, with
/// no directory entries (as Loop writes its export).
struct ZipWriter {
    private var output: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0
    /// MS-DOS date and time of every entry (fixed, so that the same data gives the same bytes).
    private let dosTime: UInt16
    private let dosDate: UInt16

    init(year: Int, month: Int, day: Int) {
        dosTime = 0
        dosDate = UInt16(max(0, year - 1980) << 9 | month << 5 | day)
    }

    mutating func add(_ name: String, _ contents: [UInt8]) throws(ZipProblem) {
        guard habit_zlib_load() == 0 else { throw .zlibMissing(String(cString: habit_zlib_error())) }
        var packed = [UInt8](repeating: 0, count: max(64, habit_deflate_bound(contents.count)))
        let capacity = packed.count
        let size = contents.withUnsafeBufferPointer { input in
            packed.withUnsafeMutableBufferPointer { habit_deflate_raw(input.baseAddress, input.count, $0.baseAddress, capacity) }
        }
        guard size > 0 || contents.isEmpty else { throw .corrupt(name) }
        packed.removeSubrange(size...)
        let crc = ZipArchive.crc32(contents)
        let nameBytes = Array(name.utf8)
        let offset = output.count
        // Local header: signature, version 2.0, flags (bit 11: the name is UTF-8), deflate.
        Self.put32(&output, 0x0403_4b50); Self.put16(&output, 20); Self.put16(&output, 0x0800); Self.put16(&output, 8)
        Self.put16(&output, dosTime); Self.put16(&output, dosDate)
        Self.put32(&output, crc); Self.put32(&output, UInt32(size)); Self.put32(&output, UInt32(contents.count))
        Self.put16(&output, UInt16(nameBytes.count)); Self.put16(&output, 0)
        output += nameBytes
        output += packed
        // Central directory entry: made by Unix 2.0, the same fields, attributes rw-r--r--.
        Self.put32(&directory, 0x0201_4b50); Self.put16(&directory, 0x0314); Self.put16(&directory, 20)
        Self.put16(&directory, 0x0800); Self.put16(&directory, 8); Self.put16(&directory, dosTime); Self.put16(&directory, dosDate)
        Self.put32(&directory, crc); Self.put32(&directory, UInt32(size)); Self.put32(&directory, UInt32(contents.count))
        Self.put16(&directory, UInt16(nameBytes.count)); Self.put16(&directory, 0); Self.put16(&directory, 0)
        Self.put16(&directory, 0); Self.put16(&directory, 0); Self.put32(&directory, 0o100644 << 16)
        Self.put32(&directory, UInt32(offset))
        directory += nameBytes
        count += 1
    }

    /// The whole archive.
    func bytes() -> [UInt8] {
        var result = output + directory
        Self.put32(&result, 0x0605_4b50); Self.put16(&result, 0); Self.put16(&result, 0)
        Self.put16(&result, UInt16(count)); Self.put16(&result, UInt16(count))
        Self.put32(&result, UInt32(directory.count)); Self.put32(&result, UInt32(output.count)); Self.put16(&result, 0)
        return result
    }

    private static func put16(_ bytes: inout [UInt8], _ value: UInt16) {
        bytes.append(UInt8(value & 0xFF)); bytes.append(UInt8(value >> 8))
    }

    private static func put32(_ bytes: inout [UInt8], _ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
