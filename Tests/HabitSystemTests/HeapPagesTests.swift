import Foundation
@testable import HabitSystem
import Testing

@Suite struct HeapPagesTests {
    @Test func aSmallLoadAsksForNothing() {
        #expect(HeapPages.prepare(forAbout: HeapPages.threshold - 1) == 0)
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
