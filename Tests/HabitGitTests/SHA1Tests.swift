import Foundation
import Testing
@testable import HabitGit

/// SHA-1 against FIPS 180-4's examples, and the processor's SHA instructions against the portable
/// compression on every length around the block boundaries and on a ten-year tracker file's size.
@Suite struct SHA1Tests {
    static func hex(_ digest: [UInt8]) -> String {
        digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func digest(_ bytes: [UInt8], hardware: Bool, pieces: Int = 1) -> [UInt8] {
        var hash = SHA1(hardware: hardware)
        let size = max(1, bytes.count / pieces)
        var start = 0
        while start < bytes.count {
            hash.update(Array(bytes[start..<min(bytes.count, start + size)]))
            start += size
        }
        return hash.finish()
    }

    @Test(arguments: [false, true])
    func knownDigests(hardware: Bool) {
        #expect(Self.hex(Self.digest([], hardware: hardware)) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(Self.hex(Self.digest(Array("abc".utf8), hardware: hardware)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Self.hex(Self.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), hardware: hardware))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Self.hex(Self.digest([UInt8](repeating: 0x61, count: 1_000_000), hardware: hardware, pieces: 7))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func hardwareMatchesPortable() {
        var generator = SystemRandomNumberGenerator()
        var lengths = Array(0...300)
        lengths += [4095, 4096, 4097, 65_674, 170_000]
        for length in lengths {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let pieces = length % 5 + 1
            #expect(Self.digest(bytes, hardware: true, pieces: pieces) == Self.digest(bytes, hardware: false), "length \(length)")
        }
    }

    /// The instructions are used exactly where the kernel reports them (`sha_ni` on x86-64), so the
    /// comparison above tests them wherever they exist.
    @Test func hardwareFollowsTheProcessor() throws {
        #if os(Linux) && arch(x86_64)
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }.map { Set($0.split(separator: " ")) } ?? []
        #expect(SHA1.hardwareAvailable == (flags.contains("sha_ni") && flags.contains("ssse3") && flags.contains("sse4_1")))
        #else
        #expect(!SHA1.hardwareAvailable)
        #endif
    }
}
