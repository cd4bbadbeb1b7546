import Testing
import HabitSystem

/// `hasSameBytes(as:)` answers as `==` does, on lengths and contents that differ anywhere.
@Suite struct ByteComparisonTests {
    @Test func answersAsEqualityDoes() {
        let samples: [[UInt8]] = [[], [0], [1], [0, 0], Array(repeating: 7, count: 65_536), Array(repeating: 7, count: 65_535) + [8],
                                  Array(repeating: 7, count: 65_537), [8] + Array(repeating: 7, count: 65_535)]
        for first in samples {
            for second in samples {
                #expect(first.hasSameBytes(as: second) == (first == second))
            }
        }
        let optionals: [[UInt8]?] = [nil, [], [1]]
        for first in optionals {
            for second in optionals {
                #expect(first.hasSameBytes(as: second) == (first == second))
            }
        }
        let copy = Array(samples[4])
        #expect(samples[4].hasSameBytes(as: copy))
    }
}

/// `containsBytes(of:)` answers as `contains(_:)` does on ASCII text.
@Suite struct TextSearchTests {
    @Test func findsAPartAnywhere() {
        for (text, part) in [("abc", "abc"), ("xabc", "abc"), ("abcx", "abc"), ("ab", "abc"), ("", ""), ("a", ""), ("aab", "ab"),
                             ("ba", "ab"), ("[merge \"habit\"]\n", "[merge \"habit\"]"), ("[merge \"habits\"]", "[merge \"habit\"]")] {
            #expect(text.containsBytes(of: part) == text.contains(part), "\(text) \(part)")
            #expect(Array(text.utf8).containsBytes(of: part) == text.contains(part), "\(text) \(part)")
        }
    }
}
