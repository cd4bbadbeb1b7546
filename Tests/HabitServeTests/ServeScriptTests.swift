import Foundation
import TestSupport
import Testing

/// `habit serve` tested as a person meets it: the real `habit-serve` on 127.0.0.1, driven over
/// HTTP by Scripts/security_test.py (Python's standard library) and in a real browser by
/// Scripts/browser_test.py (Debian's chromium and chromium-driver with Selenium from PyPI).
@Suite(.serialized) struct ServeScriptTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// `scripts/test` installed every tool these tests use (as in CI): none may skip then.
    static var inCI: Bool { TestTools.installed }

    /// A program on PATH (python3 is the one `scripts/test` gave Selenium), else in /usr/bin.
    static func tool(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/" }
        return (path + ["/usr/bin/", "/bin/"]).map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `python3 -c "import …"` succeeds (scripts/test installs .ci/pypi-packages).
    static func imports(_ modules: String) -> Bool {
        guard let python = tool("python3"), let scratch = try? ScratchDirectory("python-probe"),
              let probe = try? ChildProcess(python, ["-c", "import " + modules], environment: ProcessInfo.processInfo.environment, scratch: scratch.path)
        else { return false }
        return probe.wait().succeeded
    }

    static let browserReady: Bool = tool("chromium") != nil && tool("chromedriver") != nil && imports("selenium")

    /// Runs one of Scripts/ against the built `habit` and `habit-serve` (for this suite, `FeedsScriptTests` and `DeviceSessionTests`).
    static func run(_ script: String, _ arguments: [String] = [], timeout: Double) throws -> ProcessOutcome {
        let habit = try #require(BuiltProduct.habit, "build habit first (swift build --build-tests)")
        let serve = try #require(BuiltProduct.path("habit-serve"), "build habit-serve first (swift build --build-tests)")
        let python = try #require(Self.tool("python3"), "python3 is not installed")
        let scratch = try ScratchDirectory("serve")
        var environment = ProcessInfo.processInfo.environment
        environment["HABIT_BINARY"] = habit
        environment["HABIT_SERVE_BINARY"] = serve
        environment["HABIT_SCREENSHOTS"] = environment["HABIT_SCREENSHOTS"] ?? scratch.path + "/screenshots"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        return try ChildProcess(python, [Self.scripts + "/" + script] + arguments, environment: environment, scratch: scratch.path).wait(timeout: timeout)
    }

    @Test func securityAgainstARealServer() throws {
        let outcome = try Self.run("security_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("security: ok"))
    }

    static let apiReady = imports("openapi_spec_validator, jsonschema, yaml")

    @Test(.enabled(if: inCI || apiReady, "openapi-spec-validator (PyPI) missing; scripts/test installs it"))
    func theAPIAnswersAsDocsOpenAPISays() throws {
        let outcome = try Self.run("api_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("api: ok"))
    }

    static let pushReady = imports("http_ece, py_vapid")

    /// Web Push to an endpoint on 127.0.0.1, read back with the reference implementations.
    @Test(.enabled(if: inCI || pushReady, "http_ece or py_vapid (PyPI) missing; scripts/test installs them"))
    func pushRemindersDecryptAndVerify() throws {
        let outcome = try Self.run("push_test.py", timeout: 240)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("push: ok"))
    }

    @Test func passwordSyncButtonAndRefusalsAgainstARealServer() throws {
        let outcome = try Self.run("pages_test.py", timeout: 400)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("pages: ok"))
    }

    @Test(.enabled(if: inCI || browserReady, "chromium, chromium-driver (Debian) or selenium (PyPI) missing; scripts/test installs them"))
    func markInARealBrowser() throws {
        let outcome = try Self.run("browser_test.py", timeout: 400)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("browser: ok"))
    }

    @Test(.enabled(if: inCI || browserReady, "chromium, chromium-driver (Debian) or selenium (PyPI) missing; scripts/test installs them"))
    func marksSurviveAProxys502AndARestart() throws {
        let outcome = try Self.run("outbox_test.py", timeout: 300)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("outbox: ok"))
    }

    @Test(.enabled(if: inCI || browserReady, "chromium, chromium-driver (Debian) or selenium (PyPI) missing; scripts/test installs them"))
    func theAppInstallsOpensOfflineAndLosesNoChange() throws {
        let outcome = try Self.run("offline_app_test.py", timeout: 400)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("offline app: ok"))
    }

    /// Issue 38: a reminder pushed to the app's worker shows Done and Snooze; Done lands on disk in
    /// one commit without opening the app, and waits in the outbox while the server is down.
    @Test(.enabled(if: inCI || browserReady, "chromium, chromium-driver (Debian) or selenium (PyPI) missing; scripts/test installs them"))
    func aReminderIsMarkedDoneFromItsNotification() throws {
        let outcome = try Self.run("push_app_test.py", ["--server"], timeout: 500)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("push app: ok (with the server's routes)"))
    }

    static let nginxReady: Bool = browserReady && ["nginx", "openssl", "certutil"].allSatisfy { tool($0) != nil || FileManager.default.isExecutableFile(atPath: "/usr/sbin/" + $0) }

    @Test(.enabled(if: inCI || nginxReady, "nginx, openssl, libnss3-tools (Debian), chromium or selenium missing; scripts/test installs them"))
    func theAppOfflineBehindNginxWithTLSAsDocsServeSays() throws {
        let outcome = try Self.run("tls_proxy_test.py", timeout: 400)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("tls proxy: ok"))
    }

    static let schemathesisReady = imports("schemathesis, jsonschema, yaml")

    /// Five schemathesis runs of 45 s each at most (HABIT_SCHEMATHESIS_SECONDS).
    @Test(.enabled(if: inCI || schemathesisReady, "schemathesis (PyPI) missing; scripts/test installs it"))
    func schemathesisFindsNoFailureInTheAPI() throws {
        let outcome = try Self.run("schemathesis_test.py", timeout: 500)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("schemathesis: ok"))
    }

    @Test(.enabled(if: inCI || browserReady, "chromium, chromium-driver (Debian) or selenium (PyPI) missing; scripts/test installs them"))
    func formsInARealBrowser() throws {
        let outcome = try Self.run("form_test.py", timeout: 600)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("forms: ok"))
    }

    /// The day page in every language habit has a translation file for, asked by Chromium's
    /// Accept-Language (issue 37).
    @Test(.enabled(if: inCI || browserReady, "chromium, chromium-driver (Debian) or selenium (PyPI) missing; scripts/test installs them"))
    func theDayPageInEachLanguageInARealBrowser() throws {
        let outcome = try Self.run("languages_test.py", timeout: 600)
        #expect(outcome.succeeded, "\(outcome.all)")
        #expect(outcome.out.contains("languages: ok"))
    }
}
