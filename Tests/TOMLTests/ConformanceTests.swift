import Foundation
import Testing
import TOML

/// Locates the official toml-test suite: `TOML_TEST_DIR`, else
/// `<repo root>/../shared/toml-test` where the repo root is the nearest
/// directory above this file that contains Package.swift.
enum ConformanceSuite {
    static let directory: URL? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["TOML_TEST_DIR"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            return fileManager.fileExists(atPath: url.appendingPathComponent("files-toml-1.0.0").path) ? url : nil
        }
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let suite = directory.deletingLastPathComponent().appendingPathComponent("shared/toml-test")
                return fileManager.fileExists(atPath: suite.appendingPathComponent("files-toml-1.0.0").path) ? suite : nil
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    static func cases() throws -> [String] {
        guard let directory else { return [] }
        let list = try String(contentsOf: directory.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
        return list.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasSuffix(".toml") }
    }

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        guard let directory else { return [] }
        return Array(try Data(contentsOf: directory.appendingPathComponent("tests").appendingPathComponent(relativePath)))
    }
}

@Suite("toml-test conformance")
struct ConformanceTests {
    @Test(
        "every listed toml-test 1.0.0 case",
        .enabled(
            if: ConformanceSuite.directory != nil,
            "toml-test suite not found: set TOML_TEST_DIR or put it at <repo>/../shared/toml-test"))
    func suite() throws {
        let cases = try ConformanceSuite.cases()
        #expect(!cases.isEmpty)
        var misses: [String] = []
        var validCount = 0
        var invalidCount = 0
        var roundTrips = 0
        for path in cases {
            let input = try ConformanceSuite.bytes(path)
            let result = TOMLDocument.parse(input)
            if path.hasPrefix("valid/") {
                validCount += 1
                switch result {
                case .failure(let failure):
                    misses.append("\(path): rejected: \(failure)")
                case .success(let document):
                    let expectedURL = ConformanceSuite.directory!.appendingPathComponent("tests")
                        .appendingPathComponent(String(path.dropLast(5)) + ".json")
                    let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: expectedURL), options: [.fragmentsAllowed])
                    let actual = try JSONSerialization.jsonObject(
                        with: Data(document.root.taggedJSON().utf8), options: [.fragmentsAllowed])
                    if let difference = TaggedJSON.difference(expected, actual, at: "") {
                        misses.append("\(path): \(difference)")
                    }
                    if document.bytes == input, Array(document.text.utf8) == input {
                        roundTrips += 1
                    } else {
                        misses.append("\(path): does not round-trip byte for byte")
                    }
                }
            } else {
                invalidCount += 1
                if case .success = result { misses.append("\(path): accepted but should be rejected") }
            }
        }
        let passed = cases.count - misses.count
        print("toml-test: \(passed)/\(cases.count) cases pass (\(validCount) valid, \(invalidCount) invalid, \(roundTrips) byte-identical round trips)")
        for miss in misses { Issue.record(Comment(rawValue: miss)) }
        #expect(misses.isEmpty, "\(misses.count) toml-test cases missed")
    }
}

/// Structural comparison of tagged JSON as decoded by JSONSerialization.
enum TaggedJSON {
    static func difference(_ expected: Any, _ actual: Any, at path: String) -> String? {
        if let expected = expected as? [String: Any] {
            guard let actual = actual as? [String: Any] else { return "\(path): expected an object" }
            if let type = expected["type"] as? String, let value = expected["value"] as? String, expected.count == 2 {
                guard actual["type"] as? String == type, let other = actual["value"] as? String else {
                    return "\(path): expected \(type) \(value), got \(actual)"
                }
                return scalarsMatch(type: type, value, other) ? nil : "\(path): expected \(type) \(value), got \(other)"
            }
            guard Set(expected.keys) == Set(actual.keys) else {
                return "\(path): keys \(expected.keys.sorted()) != \(actual.keys.sorted())"
            }
            for (key, value) in expected {
                if let difference = difference(value, actual[key]!, at: path + "." + key) { return difference }
            }
            return nil
        }
        if let expected = expected as? [Any] {
            guard let actual = actual as? [Any], actual.count == expected.count else {
                return "\(path): expected an array of \(expected.count)"
            }
            for (index, pair) in zip(expected, actual).enumerated() {
                if let difference = difference(pair.0, pair.1, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        }
        return "\(path): unexpected JSON \(expected)"
    }

    static func scalarsMatch(type: String, _ expected: String, _ actual: String) -> Bool {
        switch type {
        case "float":
            guard let a = double(expected), let b = double(actual) else { return false }
            return a == b || (a.isNaN && b.isNaN)
        case "integer":
            return Int64(expected) != nil && Int64(expected) == Int64(actual)
        case "datetime", "datetime-local", "date-local", "time-local":
            return normalizedDateTime(expected) == normalizedDateTime(actual)
        default:
            return expected == actual
        }
    }

    static func double(_ text: String) -> Double? {
        switch text {
        case "inf", "+inf": return .infinity
        case "-inf": return -.infinity
        case "nan", "+nan", "-nan": return .nan
        default: return Double(text)
        }
    }

    /// Upper-cases `t`/`z`, uses `T` between date and time, writes a zero
    /// offset as `Z` and drops trailing zeros of fractional seconds.
    static func normalizedDateTime(_ text: String) -> String {
        var characters = Array(text.uppercased())
        if characters.count > 10, characters[10] == " " { characters[10] = "T" }
        var result = String(characters)
        if result.hasSuffix("+00:00") || result.hasSuffix("-00:00") { result = String(result.dropLast(6)) + "Z" }
        guard let dot = result.firstIndex(of: ".") else { return result }
        let digitsEnd = result[result.index(after: dot)...].firstIndex { !$0.isNumber } ?? result.endIndex
        var fraction = String(result[result.index(after: dot)..<digitsEnd])
        while fraction.last == "0" { fraction.removeLast() }
        return String(result[..<dot]) + (fraction.isEmpty ? "" : "." + fraction) + result[digitsEnd...]
    }
}
