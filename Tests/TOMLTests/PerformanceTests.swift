import Testing
import TOML

/// Throughput check on habit-shaped files. Opt in with TOML_BENCH=1 and a
/// release build: `TOML_BENCH=1 swift test -c release --filter Performance`.
@Suite("Performance")
struct PerformanceTests {
    static var enabled: Bool {
        #if canImport(Glibc) || canImport(Darwin)
        return getenv("TOML_BENCH") != nil
        #else
        return false
        #endif
    }

    static func logFile(lines: Int) -> [UInt8] {
        var text = "# habit\nname = \"Run\"\n\n[log]\n"
        var date = TOMLLocalDate(year: 2000, month: 1, day: 1)!
        for _ in 0..<lines {
            text += "\(date) = true\n"
            date.day += 1
            if date.day > TOMLLocalDate.daysInMonth(date.month, year: date.year) {
                date.day = 1
                date.month += 1
                if date.month > 12 { date.month = 1; date.year += 1 }
            }
        }
        return Array(text.utf8)
    }

    @Test(.enabled(if: PerformanceTests.enabled, "set TOML_BENCH=1 to measure throughput"))
    func logFileThroughput() throws {
        let small = Self.logFile(lines: 3000)
        let clock = ContinuousClock()
        var keys = 0
        let repeats = 100
        let elapsed = clock.measure {
            for _ in 0..<repeats {
                if case .success(let document) = TOMLDocument.parse(small) {
                    keys += document.root["log"]?.tableValue?.count ?? 0
                }
            }
        }
        #expect(keys == 3000 * repeats)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytes = Double(small.count * repeats) / 1_000_000
        print("3000-line [log] file (\(small.count) bytes) parsed \(repeats)×: \(elapsed), \(Int(megabytes / seconds)) MB/s")

        let big = Self.logFile(lines: 300_000)
        let bigElapsed = clock.measure { _ = TOMLDocument.parse(big) }
        let bigSeconds = Double(bigElapsed.components.seconds) + Double(bigElapsed.components.attoseconds) / 1e18
        print("300,000-line file (\(big.count) bytes): \(bigElapsed), \(Int(Double(big.count) / 1_000_000 / bigSeconds)) MB/s")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
