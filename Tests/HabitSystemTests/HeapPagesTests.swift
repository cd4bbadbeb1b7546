import Foundation
@testable import HabitSystem
import Testing

@Suite struct HeapPagesTests {
    @Test func aSmallLoadAsksForNothing() {
        #expect(HeapPages.prepare(forAbout: HeapPages.populateThreshold - 1) == 0)
    }

    /// Below the huge-page threshold, the block's whole pages are faulted in (resident, as
    /// `mincore` reports), where the kernel knows `MADV_POPULATE_WRITE` (Linux 5.14 and later).
    @Test func aMiddleSizedBlockHasItsPagesFaultedIn() throws {
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let version = release.split(separator: ".").prefix(2).compactMap { Int($0.prefix { $0.isNumber }) }
        let supported = version.count == 2 && (version[0], version[1]) >= (5, 14)
        let populated = HeapPages.populate(3 << 20)
        guard supported else {
            #expect(populated == nil)
            return
        }
        let range = try #require(populated)
        #expect(range.lowerBound % 4096 == 0 && range.upperBound % 4096 == 0)
        #expect(range.count >= (3 << 20) - 8192)
        var resident = [UInt8](repeating: 0, count: range.count / 4096)
        #expect(mincore(UnsafeMutableRawPointer(bitPattern: range.lowerBound), range.count, &resident) == 0)
        #expect(resident.allSatisfy { $0 & 1 == 1 })
    }

    /// The advice lands on whole 2 MiB pages inside the block, and the kernel records it on that
    /// memory ("hg" among the mapping's flags), where the kernel has transparent huge pages at all.
    @Test func aLargeBlockIsAdvisedInWholeHugePages() throws {
        let supported = FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage")
        let advised = HeapPages.advise(16 << 20)
        guard supported else {
            #expect(advised == nil)
            return
        }
        let range = try #require(advised)
        #expect(range.lowerBound % (2 << 20) == 0 && range.upperBound % (2 << 20) == 0)
        #expect(range.count >= 12 << 20)
        #expect(try Self.flags(at: range.lowerBound).contains("hg"))
    }

    /// The `VmFlags` of the mapping of this process that holds `address` (proc(5), smaps).
    static func flags(at address: UInt) throws -> [String] {
        // Read to the end: a file of /proc reports no size, and one read returns a page of it.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let span = fields.first, span.contains("-"), !span.hasSuffix(":") {
                let bounds = span.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "VmFlags:" {
                return fields.dropFirst().map(String.init)
            }
        }
        return []
    }
}
