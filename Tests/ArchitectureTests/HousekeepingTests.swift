import Foundation
import Testing

/// What a newcomer finds at the top of the repository stays true: a licence, and a line in
/// scripts/README.md for every script.
@Suite struct HousekeepingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyScriptHasItsLineInTheScriptsReadme() throws {
        let folder = Self.root.appendingPathComponent("scripts")
        let readme = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "README.md" }
        #expect(!entries.isEmpty)
        for entry in entries.sorted() {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(entry).path, isDirectory: &isDirectory)
            let name = isDirectory.boolValue ? entry + "/" : entry
            #expect(readme.contains("| `\(name)` |"), "scripts/README.md has no line for \(name)")
        }
    }

    @Test func theLicenceIsMITAndTheDebianPackageSaysSo() throws {
        let licence = try String(contentsOf: Self.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(licence.hasPrefix("MIT License\n\nCopyright (c) 2026 the habit authors\n"))
        let copyright = try String(contentsOf: Self.root.appendingPathComponent("scripts/deb/copyright"), encoding: .utf8)
        #expect(copyright.contains("Files: *\nCopyright: 2026 the habit authors\nLicense: MIT\n"))
    }
}
