import Foundation
import Testing
import TestSupport

/// `habit --version` names what it was built from: the `git describe` of the checkout, written at
/// build time by Plugins/BuildInfoPlugin, in a plain `swift build` as in a fresh clone (CI).
@Suite("habit --version")
struct VersionTests {
    @Test("prints the release and the tag or commit the binary was built from")
    func versionNamesTheCheckout() throws {
        let scratch = try ScratchDirectory("version")
        let environment = ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let outcome = try ChildProcess(BuiltProduct.habit!, ["--version"], environment: environment, scratch: scratch.path).wait()
        #expect(outcome.succeeded && outcome.err.isEmpty, "\(outcome.all)")
        let version = outcome.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.first?.isNumber == true, "a version starts with its release number: \(version)")
        guard FileManager.default.fileExists(atPath: FreshAccountTests.root.appendingPathComponent(".git").path),
              ProcessInfo.processInfo.environment["HABIT_TEST_BINARY"] == nil else { return }
        // Built from this checkout: its description, up to uncommitted changes made since the build.
        let describe = try GitCommandLine.run(["describe", "--tags", "--always"], in: FreshAccountTests.root.path)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let commit = describe.hasPrefix("v") ? String(describe.dropFirst()) : describe
        #expect(version.replacingOccurrences(of: "-dirty", with: "").contains(commit), "habit --version is \(version); the checkout is \(describe)")
    }
}
