// libFuzzer entry point over the TOML parser and the tracker loader (docs/reliability.md).
//
// Fuzzing build (exports LLVMFuzzerTestOneInput, libFuzzer supplies main):
//   swift build -c debug --product habit-fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING \
//     -Xswiftc -parse-as-library --scratch-path .build-fuzz
// Ordinary build: `habit-fuzz FILE…` runs the same function over each file (crash reproducers),
// printing one line per file; a crash is a crash, as under the fuzzer.
//
// The first byte of an input chooses the target (so one corpus serves both and libFuzzer can move
// an input between them): even → the TOML parser (plus printer round trip and edits), odd → the
// tracker loader. `HABIT_FUZZ_TARGET=parser|loader` forces one and then uses the whole input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitStore
import TOML

enum FuzzTarget {
    case parser, loader
}

/// Runs one input; returns a one-word summary for the replayer.
@discardableResult
func fuzzOne(_ input: [UInt8]) -> String {
    var bytes = input[...]
    let target: FuzzTarget
    switch getenv("HABIT_FUZZ_TARGET").map({ String(cString: $0) }) {
    case "parser": target = .parser
    case "loader": target = .loader
    default:
        guard let first = bytes.popFirst() else { return "empty" }
        target = first & 1 == 0 ? .parser : .loader
    }
    switch target {
    case .parser: return fuzzParser(Array(bytes))
    case .loader: return fuzzLoader(Array(bytes))
    }
}

/// Parses; for a valid document also checks what must hold of every valid document:
/// the printer's output re-parses to equal values, and a few edits keep the document valid and do
/// what they say.
func fuzzParser(_ bytes: [UInt8]) -> String {
    guard case .success(let document) = TOMLDocument.parse(bytes) else { return "parser: invalid" }
    precondition(document.bytes == bytes, "a parsed document must keep its bytes")
    _ = document.root.taggedJSON()

    let printed = TOMLDocument.serialize(document.root)
    switch TOMLDocument.parse(printed) {
    case .success(let reparsed):
        precondition(sameValues(reparsed.root, document.root), "printed document reads back differently:\n\(printed)")
    case .failure(let failure):
        preconditionFailure("printed document does not parse (\(failure)):\n\(printed)")
    }

    // Edits as habit makes them: set a key at the top, insert a dated line in a [log]-like table,
    // remove the first key. Each must leave a document that parses to the expected values.
    var edited = document
    if (try? edited.setValue(.string("fuzz \u{1B}\""), at: ["fuzz_key"])) != nil {
        precondition(edited.root["fuzz_key"] == .string("fuzz \u{1B}\""), "setValue did not set")
        precondition((try? TOMLDocument(parsing: edited.bytes)) != nil, "setValue broke the document")
    }
    for (key, value) in document.root {
        guard case .table(let table) = value else { continue }
        var copy = document
        if (try? copy.insertValue(.boolean(true), forKey: "2026-01-01", inTable: [key], at: table.count / 2)) != nil {
            precondition(copy.root.value(at: [key, "2026-01-01"]) == .boolean(true), "insertValue did not insert")
            precondition((try? TOMLDocument(parsing: copy.bytes)) != nil, "insertValue broke the document")
        }
        break
    }
    if let first = document.root.keys.first {
        var copy = document
        if (try? copy.removeValue(at: [first])) != nil {
            precondition(copy.root[first] == nil, "removeValue did not remove")
            precondition((try? TOMLDocument(parsing: copy.bytes)) != nil, "removeValue broke the document")
        }
    }
    return "parser: valid"
}

/// Equality of decoded values as TOML defines it: tables are unordered (the printer puts plain keys
/// before sub-tables), and nan equals nan (TOMLValue's == follows IEEE, where it does not).
func sameValues(_ a: TOMLTable, _ b: TOMLTable) -> Bool {
    guard a.count == b.count else { return false }
    return a.allSatisfy { entry in b[entry.key].map { sameValues(entry.value, $0) } ?? false }
}

func sameValues(_ a: TOMLValue, _ b: TOMLValue) -> Bool {
    switch (a, b) {
    case (.float(let x), .float(let y)): return x.isNaN ? y.isNaN : x == y && x.sign == y.sign
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameValues($0, $1) }
    case (.table(let x), .table(let y)): return sameValues(x, y)
    default: return a == b
    }
}

/// The habit.toml of the fuzzed directory.
let fuzzSettings = Array("categories = [\"Health\", \"Study\"]\nweek_starts_on = \"mon\"\nday_starts_at = \"03:00\"\n".utf8)

/// Loads a directory whose only tracker is the input. Diagnostics must point inside the file, and a
/// tracker that loads cleanly must be well-formed (named, with a valid name).
func fuzzLoader(_ bytes: [UInt8]) -> String {
    let store: Store
    do {
        // In memory: the loader reads through the same source protocol as from disk.
        store = try Store.load(from: MemorySource(files: ["habit.toml": fuzzSettings, "trackers/x.toml": bytes]))
    } catch {
        preconditionFailure("loading a directory with a habit.toml must not throw: \(error)")
    }
    let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    for diagnostic in store.diagnostics {
        precondition(diagnostic.line >= 0 && diagnostic.line <= lineCount, "diagnostic line out of range: \(diagnostic)")
        precondition(diagnostic.column >= 0, "negative column: \(diagnostic)")
        if case .syntax(let message) = diagnostic.problem { precondition(!message.isEmpty, "empty syntax message") }
    }
    // With a load cache, a file in habit's plain shape is read by PlainLogReader instead of the
    // parser (the first read after a sync): whatever the input, both must give the same tracker,
    // and a file the parser refuses must go to the parser, which reports it.
    let cache = LoadCache.Location.resolve(for: DataDirectory(path: "/nonexistent/habit-fuzz"),
                                           environment: ["XDG_CACHE_HOME": "/nonexistent/habit-fuzz-cache"])
    if let quick = try? Store.load(from: MemorySource(files: ["habit.toml": fuzzSettings, "trackers/x.toml": bytes]), cache: cache) {
        precondition(quick.journal.trackers == store.journal.trackers, "the plain reader and the parser read the file differently")
        precondition(quick.hasErrors == store.hasErrors, "the plain reader accepted a file the parser refuses, or the reverse")
    } else {
        preconditionFailure("loading with a cache must not throw when loading without one did not")
    }
    let trackers = store.journal.trackers
    precondition(trackers.count <= 1, "one file gave \(trackers.count) trackers")
    if let tracker = trackers.first {
        precondition(!store.hasErrors, "a tracker was loaded from a file with errors")
        precondition(tracker.id == "x", "tracker id \(tracker.id) is not the file's name")
        precondition(!tracker.name.isEmpty && tracker.name.count <= 38, "invalid name accepted: \(tracker.name)")
        _ = store.journal
        return "loader: tracker"
    }
    precondition(store.hasErrors, "a file without a tracker must say why")
    return "loader: rejected"
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    fuzzOne(input)
    return 0
}

/// libFuzzer's driver (in the fuzzer runtime that -sanitize=fuzzer links).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable with `main` renamed to `<module>_main` (so tests can link it), which
/// hides libFuzzer's own `main`; this is that entry point, handing over to libFuzzer's driver.
@_cdecl("habit_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzerTestOneInput(data, size) }
}
#else
@main
enum Replayer {
    static func main() {
        let paths = Array(CommandLine.arguments.dropFirst())
        guard !paths.isEmpty else {
            print("usage: habit-fuzz FILE…   (replays inputs through the parser/loader fuzz function)")
            exit(2)
        }
        for path in paths {
            guard let file = fopen(path, "rb") else {
                print("\(path): cannot open")
                exit(1)
            }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[..<count]
            }
            fclose(file)
            print("\(path): \(fuzzOne(bytes))")
        }
    }
}
#endif
