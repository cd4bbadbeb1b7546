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
        // Built from this checkout: the commit it names is HEAD, or an ancestor of HEAD when
        // commits were made after the build (the next build names the new HEAD).
        let described = version.replacingOccurrences(of: "-dirty", with: "")
        guard let commit = described.split(whereSeparator: { !$0.isHexDigit }).last(where: { $0.count >= 7 }).map(String.init) else {
            // Built at a release tag: `0.3.0` is the tag v0.3.0.
            let tag = try GitCommandLine.run(["tag", "--list", "v" + described], in: FreshAccountTests.root.path)
            #expect(!tag.isEmpty, "habit --version is \(version), which names no commit and no tag of this checkout")
            return
        }
        let root = FreshAccountTests.root.path
        let resolved = try GitCommandLine.run(["rev-parse", "--verify", "--quiet", commit + "^{commit}"], in: root, allowFailure: true)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(resolved.hasPrefix(commit), "habit --version names \(commit), which is not a commit of this checkout")
        let base = try GitCommandLine.run(["merge-base", commit, "HEAD"], in: root, allowFailure: true).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!resolved.isEmpty && base == resolved, "habit --version names \(commit), which is not HEAD or one of its ancestors")
    }
}
