import Foundation
@testable import HabitKit
import Testing
import TOML

@Suite("TEMP bench") struct MergeZZBenchTemp {
    static func day(_ n: Int) -> String {
        var y = 2000, m = 1, d = 1
        var rest = n
        let md = [31,28,31,30,31,30,31,31,30,31,30,31]
        while true {
            var len = md[m-1]; if m == 2 && y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) { len = 29 }
            if rest < len { d = rest + 1; break }
            rest -= len; m += 1; if m > 12 { m = 1; y += 1 }
        }
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }
    static func file(_ days: [Int], name: String = "Run") -> String {
        var s = "# t\nname = \"\(name)\"\ncategory = \"Health\"\nschedule = \"daily\"\n\n[log]\n"
        for d in days { s += "\(day(d)) = true\n" }
        return s
    }
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MERGE_BENCH"] != nil)) func bench() {
        let clock = ContinuousClock()
        let scenarios: [(String, String, String, String)] = [
            ("3000 base, ours +10 at end, theirs +1500 interleaved + name",
             Self.file(Array(stride(from: 0, to: 6000, by: 2))),
             Self.file(Array(stride(from: 0, to: 6000, by: 2)) + Array(6000..<6010)),
             Self.file(Array(0..<3000).map { $0 * 2 } + Array(stride(from: 1, to: 3000, by: 2)).map { $0 }).replacingOccurrences(of: "Run", with: "Jog")),
            ("empty base log, theirs 3000 lines, ours 1 line",
             Self.file([]), Self.file([5000]), Self.file(Array(0..<3000))),
            ("3000 lines, ours removes 1000, theirs adds 1000 + changes 500 to skip",
             Self.file(Array(0..<3000)), Self.file(Array(1000..<3000)),
             Self.file(Array(0..<4000)).replacingOccurrences(of: "2001-01-0", with: "2001-01-0")),
        ]
        for (name, b, o, t) in scenarios {
            let tb0 = Array(t.utf8)
            let p = clock.measure { for _ in 0..<10 { _ = TOMLDocument.parse(tb0) } }
            print("BENCH parse theirs: \(p / 10)")
            let bb = Array(b.utf8), ob = Array(o.utf8), tb = Array(t.utf8)
            let bd = try! TOMLDocument(parsing: bb), od = try! TOMLDocument(parsing: ob), td = try! TOMLDocument(parsing: tb)
            var plan: LogPlan? = nil
            let t1 = clock.measure { for _ in 0..<10 { plan = LogPlan.make(base: bd.root["log"]!.tableValue!, ours: od.root["log"]!.tableValue!, theirs: td.root["log"]!.tableValue!) } }
            var sp: TOMLDocument? = nil
            let t2 = clock.measure { for _ in 0..<10 { sp = LogSplicer.apply(plan!, to: od) } }
            var eq = false
            let t3 = clock.measure { for _ in 0..<10 { eq = sp!.root == td.root } }
            print("BENCH plan \(t1/10) splice \(t2/10) compare \(t3/10) \(eq)")
            var result: FileMergeOutcome = .delete
            _ = DataFileMerge.merge(path: "trackers/run.toml", base: bb, ours: ob, theirs: tb)
            let elapsed = clock.measure {
                for _ in 0..<10 { result = DataFileMerge.merge(path: "trackers/run.toml", base: bb, ours: ob, theirs: tb).0 }
            }
            var lines = 0
            if case .write(let bytes) = result { lines = bytes.filter { $0 == 10 }.count }
            print("BENCH \(name): \(elapsed / 10) per merge, result lines \(lines), \(result == .delete ? "?" : "")")
        }
    }
}
