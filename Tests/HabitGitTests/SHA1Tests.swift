import Foundation
import Testing
@testable import HabitGit

/// SHA-1 against FIPS 180-4's examples, fed whole and in pieces that cross the block boundaries.
@Suite struct SHA1Tests {
    static func hex(_ digest: [UInt8]) -> String {
        digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    static func digest(_ bytes: [UInt8], pieces: Int = 1) -> [UInt8] {
        var hash = SHA1()
        let size = max(1, bytes.count / pieces)
        var start = 0
        while start < bytes.count {
            hash.update(Array(bytes[start..<min(bytes.count, start + size)]))
            start += size
        }
        return hash.finish()
    }

    @Test(arguments: [1, 7])
    func knownDigests(pieces: Int) {
        #expect(Self.hex(Self.digest([], pieces: pieces)) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(Self.hex(Self.digest(Array("abc".utf8), pieces: pieces)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Self.hex(Self.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), pieces: pieces))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Self.hex(Self.digest([UInt8](repeating: 0x61, count: 1_000_000), pieces: pieces))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }
}
