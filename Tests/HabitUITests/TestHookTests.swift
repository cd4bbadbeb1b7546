import Foundation
import Testing

/// A test's switch reaches the app through its setup (`App.Setup.trapKey`), never through the
/// environment the app reads: `habit ui` cannot be made to trap by a variable left set.
@Suite struct TestHookTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func theAppReadsNoTestSwitchFromTheEnvironment() throws {
        var files = 0
        for module in ["HabitUI", "TerminalUI"] {
            let folder = Self.sources.appendingPathComponent(module)
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                #expect(!text.contains("_TEST"), "\(module)/\(relative) names a test switch")
            }
        }
        #expect(files > 20)
    }
}
