// Parser throughput on the same bytes: reading only, our TOML, and TOMLKit.
//   parser-bench DIR [ROUNDS] [habit]   (habit: only our parser, for a profiler)
// Prints one line per contender: median and spread (min–max) in ms per round and MB/s.
import Foundation
import TOML
import TOMLKit

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
let rounds = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 9 : 9
let trackers = directory + "/trackers"
let names = (try FileManager.default.contentsOfDirectory(atPath: trackers)).filter { $0.hasSuffix(".toml") }.sorted()
let paths = names.map { trackers + "/" + $0 }

func readAll() -> [[UInt8]] {
    paths.map { Array(FileManager.default.contents(atPath: $0)!) }
}
let files = readAll()
let strings = files.map { String(decoding: $0, as: UTF8.self) }
let totalBytes = files.reduce(0) { $0 + $1.count }

func measure(_ name: String, _ body: () -> Int) {
    var times: [Double] = []
    var check = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        check &+= body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    let median = times[times.count / 2]
    let megabytes = Double(totalBytes) / 1_048_576
    print(String(format: "%-8@ median %8.2f ms  (min %.2f, max %.2f)  %7.1f MB/s  [%d]",
                 name as NSString, median, times.first!, times.last!, megabytes / (median / 1000), check))
}

print("files: \(files.count), bytes: \(totalBytes), rounds: \(rounds)")
let onlyHabit = CommandLine.arguments.count > 3 && CommandLine.arguments[3] == "habit"
if !onlyHabit { measure("read") { readAll().reduce(0) { $0 + $1.count } } }
measure("habit") {
    var keys = 0
    for bytes in files {
        if case .success(let document) = TOMLDocument.parse(bytes) { keys += document.root.count }
    }
    return keys
}
if !onlyHabit { measure("TOMLKit") {
    var keys = 0
    for text in strings {
        if let table = try? TOMLTable(string: text) { keys += table.count }
    }
    return keys
} }
