import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether a test that needs a missing machine tool (crontab, sshd, chromium…) may report itself
/// skipped. `scripts/test` installs every package of `.ci/packages` and `.ci/pypi-packages` first,
/// so a tool is missing only where installing it is impossible: there the test skips, everywhere
/// else it fails and names what to install.
public enum TestTools {
    /// In CI (`.ci/run` sets CI) everything was installed: nothing may skip there.
    public static let inCI: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty && value != "false" && value != "0"
    }()

    /// `scripts/test` installed every package the tests need (`HABIT_TEST_TOOLS=installed`), or
    /// this is CI: a missing tool is a failure, never a skip.
    public static var installed: Bool {
        inCI || ProcessInfo.processInfo.environment["HABIT_TEST_TOOLS"] == "installed"
    }

    /// Installing is impossible here: `scripts/test` said so (`HABIT_TEST_TOOLS=unavailable`: no
    /// root and no sudo, or no network), or, run without it, this is neither root nor has sudo.
    public static var cannotInstall: Bool {
        if inCI { return false }
        switch ProcessInfo.processInfo.environment["HABIT_TEST_TOOLS"] {
        case "installed": return false
        case "unavailable": return true
        default: return getuid() != 0 && find("sudo") == nil
        }
    }

    /// An executable on `path` (default: this process's PATH).
    public static func find(_ name: String, path: String? = nil) -> String? {
        (path ?? ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
