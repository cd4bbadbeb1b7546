import Foundation
import HabitStore
import TOML
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Files a user, an editor or a sync tool could leave in the data directory. Each gets a clear
/// diagnostic (with file:line:column when the problem has a place) or is handled safely; none
/// crashes or hangs `habit`, and a broken file is never written.
@Suite("Hostile and broken files")
struct HostileFileTests {
    static let valid = "name = \"X\"\ncategory = \"Health\"\nschedule = \"daily\"\nstart = 2026-01-01\n\n[log]\n2026-11-01 = true\n"

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        /// nil: the file is valid and `habit done` must work and keep what makes it special.
        var problem: String?
        /// `file:line:column` expected in `habit check` (nil when the problem is the whole file).
        var location: String? = nil
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "invalid UTF-8", problem: "UTF-8", location: "trackers/x.toml:1:"),
        Case(label: "byte-order mark", problem: nil),
        Case(label: "CRLF line endings", problem: nil),
        Case(label: "NUL byte", problem: "", location: "trackers/x.toml:2:"),
        Case(label: "100 MB file", problem: "too large"),
        Case(label: "10,000 nested arrays", problem: "nested too deeply", location: "trackers/x.toml:4:"),
        Case(label: "10,000 nested inline tables", problem: "nested too deeply", location: "trackers/x.toml:4:"),
        Case(label: "header with 10,000 parts", problem: "nested too deeply", location: "trackers/x.toml:8:"),
        Case(label: "dotted key with 10,000 parts", problem: "nested too deeply", location: "trackers/x.toml:4:"),
        Case(label: "duplicate log day", problem: "", location: "trackers/x.toml:8:1"),
        Case(label: "symbolic link out of the directory", problem: "symbolic link"),
        Case(label: "FIFO named like a tracker", problem: "not a regular file"),
        Case(label: "directory named like a tracker", problem: "not a regular file"),
        Case(label: "unknown keys", problem: nil),
        Case(label: "impossible date value 2026-02-30", problem: "", location: "trackers/x.toml:4:"),
        Case(label: "impossible date key 2026-02-30", problem: "", location: "trackers/x.toml:8:"),
    ]

    /// Puts the case's file in place; returns paths outside the data directory that must not change.
    static func prepare(_ label: String, in directory: HabitDirectory) throws -> [String] {
        let file = "trackers/x.toml"
        let valid = HostileFileTests.valid
        switch label {
        case "invalid UTF-8":
            try directory.write(file, Array("name = \"Caf".utf8) + [0xC3, 0x28, 0xFF] + Array("\"\n".utf8) + Array(valid.utf8.dropFirst(11)))
        case "byte-order mark":
            try directory.write(file, [0xEF, 0xBB, 0xBF] + Array(valid.utf8))
        case "CRLF line endings":
            try directory.write(file, valid.replacingOccurrences(of: "\n", with: "\r\n"))
        case "NUL byte":
            try directory.write(file, Array("name = \"X\"\ncategory = \"Health\0\"\n".utf8) + Array(valid.utf8.dropFirst(31)))
        case "100 MB file":
            // Real bytes, not a sparse file: a tracker followed by 100 MB of comment lines.
            let path = directory.path + "/" + file
            _ = FileManager.default.createFile(atPath: path, contents: Data(valid.utf8))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            let chunk = Data(String(repeating: "# padding padding padding padding padding padding padding padding\n", count: 16_384).utf8)
            for _ in 0..<(100 << 20) / chunk.count + 1 { handle.write(chunk) }
            try handle.close()
        case "10,000 nested arrays":
            try directory.write(file, "name = \"X\"\ncategory = \"Health\"\nschedule = \"daily\"\nx = "
                                + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n")
        case "10,000 nested inline tables":
            try directory.write(file, "name = \"X\"\ncategory = \"Health\"\nschedule = \"daily\"\nx = "
                                + String(repeating: "{a=", count: 10_000) + "1" + String(repeating: "}", count: 10_000) + "\n")
        case "header with 10,000 parts":
            try directory.write(file, valid + "[" + Array(repeating: "a", count: 10_000).joined(separator: ".") + "]\n")
        case "dotted key with 10,000 parts":
            try directory.write(file, "name = \"X\"\ncategory = \"Health\"\nschedule = \"daily\"\n"
                                + Array(repeating: "a", count: 10_000).joined(separator: ".") + " = 1\n")
        case "duplicate log day":
            try directory.write(file, valid + "2026-11-01 = true\n")
        case "symbolic link out of the directory":
            let outside = directory.scratch.sub("outside.toml")
            try Data(valid.utf8).write(to: URL(fileURLWithPath: outside))
            try FileManager.default.createSymbolicLink(atPath: directory.path + "/" + file, withDestinationPath: outside)
            return [outside]
        case "FIFO named like a tracker":
            #expect(mkfifo(directory.path + "/" + file, 0o644) == 0)
        case "directory named like a tracker":
            try FileManager.default.createDirectory(atPath: directory.path + "/" + file, withIntermediateDirectories: true)
        case "unknown keys":
            try directory.write(file, "name = \"X\"\nnotes = \"mine\"\ncategory = \"Health\"\nschedule = \"daily\"\nstart = 2026-01-01\n\n[meta]\nowner = \"me\"\n\n[log]\n2026-11-01 = true\n")
        case "impossible date value 2026-02-30":
            try directory.write(file, "name = \"X\"\ncategory = \"Health\"\nschedule = \"daily\"\nstart = 2026-02-30\n\n[log]\n2026-11-01 = true\n")
        case "impossible date key 2026-02-30":
            try directory.write(file, valid + "2026-02-30 = true\n")
        default:
            Issue.record("unknown case \(label)")
        }
        return []
    }

    static func bytes(of path: String) -> [UInt8]? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    @Test(arguments: cases)
    func brokenFile(_ testCase: Case) throws {
        let directory = try HabitDirectory(git: false, label: "hostile")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        let outside = try HostileFileTests.prepare(testCase.label, in: directory)
        let trackerPath = directory.path + "/trackers/x.toml"
        let before = HostileFileTests.bytes(of: trackerPath)
        let outsideBefore = outside.map { HostileFileTests.bytes(of: $0) }

        let check = directory.run(["check"], timeout: 20)
        #expect(check.signal == nil, "habit check crashed: \(check.err.prefix(500))")
        let list = directory.run(["list"], timeout: 20)
        #expect(list.succeeded, "the rest of the directory keeps working: \(list.err.prefix(500))")
        let done = directory.run(["done", "x", "--date", "2026-11-20"], timeout: 20)
        let edit = directory.run(["edit", "x", "--description", "changed"], timeout: 20)
        #expect(done.signal == nil && edit.signal == nil, "crashed: \(done.err.prefix(300)) \(edit.err.prefix(300))")

        if let problem = testCase.problem {
            #expect(check.status == 1, "habit check must fail: \(check.all.prefix(500))")
            #expect(check.all.contains("trackers/x.toml"), "\(check.all.prefix(500))")
            if !problem.isEmpty { #expect(check.all.contains(problem), "expected “\(problem)” in: \(check.all.prefix(500))") }
            if let location = testCase.location {
                #expect(check.all.contains(location), "expected \(location) in: \(check.all.prefix(500))")
            }
            #expect(done.status != 0 && edit.status != 0, "a broken file must not be changed: \(done.all) \(edit.all)")
            #expect(HostileFileTests.bytes(of: trackerPath) == before, "the broken file was rewritten")
            #expect(outside.map { HostileFileTests.bytes(of: $0) } == outsideBefore, "a file outside the directory changed")
        } else {
            #expect(check.succeeded, "\(check.all)")
            #expect(done.succeeded && edit.succeeded, "\(done.all) \(edit.all)")
            let after = HostileFileTests.bytes(of: trackerPath) ?? []
            #expect(try TOMLDocument(parsing: after).root.value(at: ["log", "2026-11-20"]) == .boolean(true))
            switch testCase.label {
            case "byte-order mark":
                #expect(after.starts(with: [0xEF, 0xBB, 0xBF]), "the byte-order mark is kept")
            case "CRLF line endings":
                let lf = after.enumerated().filter { $0.element == 0x0A && ($0.offset == 0 || after[$0.offset - 1] != 0x0D) }
                #expect(lf.isEmpty, "every line still ends in CRLF: \(String(decoding: after, as: UTF8.self).debugDescription)")
            case "unknown keys":
                let text = String(decoding: after, as: UTF8.self)
                #expect(text.contains("notes = \"mine\"") && text.contains("[meta]\nowner = \"me\""), "\(text)")
            default: break
            }
        }
    }

    @Test("a file that is not TOML in trackers/ is a warning and is left alone")
    func notATrackerFile() throws {
        let directory = try HabitDirectory(git: false, label: "hostile")
        #expect(directory.run(["category", "add", "Health"]).succeeded)
        try directory.write("trackers/x.toml", HostileFileTests.valid)
        let binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0x1B, 0x5B, 0x32, 0x4A, 0xFF]
        try directory.write("trackers/notes.txt", binary)
        let check = directory.run(["check"])
        #expect(check.succeeded, "a warning is not an error: \(check.all)")
        #expect(check.all.contains("trackers/notes.txt") && check.all.contains("not a tracker file"), "\(check.all)")
        #expect(directory.run(["done", "x", "--date", "2026-11-20"]).succeeded)
        #expect(directory.file("trackers/notes.txt") == binary)
    }

    @Test("the loader reports a 100 MB file without reading it whole, and a deep file without recursing")
    func loaderBounds() throws {
        let scratch = try ScratchDirectory("loader")
        try FileManager.default.createDirectory(atPath: scratch.sub("trackers"), withIntermediateDirectories: true)
        try Data("categories = [\"Health\"]\n".utf8).write(to: URL(fileURLWithPath: scratch.sub("habit.toml")))
        // Sparse: the size check must come before any read.
        let fd = open(scratch.sub("trackers/big.toml"), O_WRONLY | O_CREAT, 0o644)
        #expect(ftruncate(fd, 100 << 20) == 0)
        close(fd)
        try Data(("a = " + String(repeating: "[", count: 100_000)).utf8).write(to: URL(fileURLWithPath: scratch.sub("trackers/deep.toml")))
        let store = try Store.load(from: DataDirectory(path: scratch.path).files)
        #expect(store.diagnostics.contains { $0.location == "trackers/big.toml" && $0.problem == .unreadable(.tooLarge(100 << 20)) },
                "\(store.diagnostics)")
        #expect(store.diagnostics.contains { diagnostic in
            guard diagnostic.location.hasPrefix("trackers/deep.toml:1:"), case .syntax(let message) = diagnostic.problem else { return false }
            return message.contains("nested too deeply")
        }, "\(store.diagnostics)")
    }
}
