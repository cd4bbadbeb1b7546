import Foundation
import HabitLocalization
import TestSupport
import Testing

/// `habit mcp` as an assistant meets it: Scripts/mcp_test.py starts the real `habit mcp` (and so
/// `habit-mcp`) through the official Python SDK (`mcp` from PyPI), lists its tools and calls them
/// on a scratch data directory.
@Suite struct MCPScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/mcp_test.py").path

    static func python() -> String? { TestTools.find("python3", path: (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin") }

    /// The SDK is importable: `scripts/test` installs it from .ci/pypi-packages.
    static let sdkReady: Bool = {
        guard let python = python(), let scratch = try? ScratchDirectory("mcp-probe"),
              let probe = try? ChildProcess(python, ["-c", "import mcp.client.stdio"], environment: ProcessInfo.processInfo.environment, scratch: scratch.path)
        else { return false }
        return probe.wait().succeeded
    }()

    @Test(.enabled(if: TestTools.installed || sdkReady || !TestTools.cannotInstall, "the mcp package (PyPI) is missing; scripts/test installs it"))
    func toolsThroughTheOfficialPythonSDK() throws {
        try #require(Self.sdkReady, "the Python package mcp is missing: pip install mcp (scripts/test installs .ci/pypi-packages)")
        let habit = try #require(BuiltProduct.habit, "build habit first (swift build --build-tests)")
        _ = try #require(BuiltProduct.path("habit-mcp"), "build habit-mcp first (swift build --build-tests)")
        let python = try #require(Self.python(), "python3 is not installed")
        let scratch = try ScratchDirectory("mcp")
        var environment = ProcessInfo.processInfo.environment
        environment["HABIT_BINARY"] = habit
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        // The catalog's sentences the script expects, so that it checks the words the server takes from it.
        let english = Messages(.english)
        environment["MCP_UNKNOWN_TOOL"] = english.text(.mcpUnknownTool, "mark")
        environment["MCP_MISSING_ARGUMENT"] = english.text(.mcpMissingArgument, "tracker")
        let outcome = try ChildProcess(python, [Self.script], environment: environment, scratch: scratch.path).wait(timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("mcp: ok"))
    }
}
