import Foundation
import HabitLocalization
import Testing
@testable import HabitCLI

/// Every message of the English and Russian catalogs is produced by some plain-text case (Cases/),
/// so every sentence habit can say has been seen, with the command, input and exit status that make
/// it. The other languages are proved by the build's checks of their files against English and by
/// a sample of each (LanguageSampleTests), not by cases of their own (docs/translating.md). A few can
/// only come from conditions an in-process case cannot set up (a full disk, a silent server); each
/// of those names the test that produces it instead.
@Suite struct CatalogCoverageTests {
    /// Messages no plain-text case can produce, and the Swift test that renders them.
    static let elsewhere: [MessageKey: String] = {
        var keys: [MessageKey: String] = [:]
        // Refusals that need another process, a full disk, a crash or a server that misbehaves.
        for key: MessageKey in [.busy, .busyHint, .ioCreateTemporary, .ioWrite, .ioFlush, .ioReplace, .ioCreateFolder, .ioOpenLock,
                                .ioLock, .remoteTimeout, .remoteTooLong, .remoteTooMuch, .remoteAuthentication,
                                .remoteAuthenticationHint, .remoteCertificate, .remoteCertificateHint, .remoteRejected,
                                .remoteRejectedHint, .remoteLocked, .remoteLockedHint, .remoteOther, .gitFailure, .gitFailureHint,
                                .gitLocked, .gitLockedHint, .heldBy, .branchKeptMoving, .branchKeptMovingHint, .gitCommitting, .gitCommittingHint, .unsupportedRepositoryNoFixHint, .gitIdentityUnknown, .gitIdentityUnknownHint, .commitFailedRolledBack, .commitFailedKept,
                                .commitFailedKeptHint, .commitFailedHint, .unsafeTree, .unsafeTreeHint, .unsafeSymbolicLink,
                                .unsafeSubmodule, .unsafeUnknownMode, .unsafeForbiddenName, .unsafeWrongKind, .mergeMismatch,
                                .remoteKeptChanging, .remoteHostKeyUnknown, .remoteHostKeyUnknownHint, .remoteHostKeyChanged,
                                .remoteHostKeyChangedHint, .remoteAuthenticationHTTPSHint] {
            keys[key] = "ErrorPresenterTests.swift"
        }
        // A damaged or encrypted .zip (binary, so not a case file: ImportTests.badZipIsRefused runs
        // them through the command); zlib or SQLite that cannot be loaded (LazySQLiteTests loads a
        // broken libsqlite3).
        for key: MessageKey in [.importZipCorrupt, .importZipUnsupported, .zlibMissing, .zlibMissingHint, .sqliteMissing, .sqliteMissingHint] {
            keys[key] = "ErrorPresenterTests.swift"
        }
        for (key, _) in RareMessagesTests.samples { keys[key] = "RareMessagesTests.swift" }
        // What habit ui draws on the full screen.
        for key in UIWordsTests.keys { keys[key] = "UIWordsTests.swift" }
        // What habit serve's card menu, form and details page show in a browser.
        for key in FormWordsTests.keys { keys[key] = "FormWordsTests.swift" }
        // What habit ui's form, category picker and details page show.
        for key in UIFormWordsTests.keys { keys[key] = "UIFormWordsTests.swift" }
        // The timer's running line and its stop need time to pass while it runs (a fake clock moved by
        // another thread, a signal); ReliabilityTests/TimerTerminalTests.swift drives the real one.
        for key: MessageKey in [.timerElapsed, .timerLeft, .timerStopped, .timerTooShort] { keys[key] = "TimerTests.swift" }
        // The labels of a notification's actions: in dunst's menu, read back by the real notification tests.
        for key: MessageKey in [.reminderActionDone, .reminderActionSnooze] { keys[key] = "ReminderSystemTests.swift" }
        // The words of the web app's pages: HabitServeTests' scripts load them from a real server.
        for key in MessageKey.allCases where "\(key)".hasPrefix("web") { keys[key] = "../HabitServeTests/WebWordsTests.swift" }
        // The words inside the page habit report writes (the file, not the command's output).
        for key: MessageKey in [.reportTitle, .reportMade, .reportAllTrackers] { keys[key] = "ReportTests.swift" }
        // A device is made by a browser's login, a new API token is random: ServeAccessCommandTests.
        for key: MessageKey in [.serveDevice, .serveDeviceRevoked, .serveTokenMade, .serveFeedTokenMade] { keys[key] = "ServeAccessCommandTests.swift" }
        // What habit-serve says in the terminal: only a real server says it (the cases run habit alone).
        for key: MessageKey in [.serveServing, .serveTokenKept, .servePhoneUnreachable, .servePhoneOpen, .servePhoneOpenOnce,
                                .servePhoneScan, .serveNoQRCode, .serveNoQRCodeLibrary, .serveTokenNotKept, .serveDevicesUnreadable,
                                .servePushContactNotKept, .servePushDueUnreadable, .serveOpenNetworkRefused, .serveNoDataDirectory] {
            keys[key] = "../HabitServeTests/ServeStartWordsTests.swift"
        }
        // apprise is on PATH wherever the cases run: its absence is RemindServicesCommandTests'.
        keys[.remindNotifyNoApprise] = "RemindServicesCommandTests.swift"
        // What habit-mcp answers a tool call it cannot take: the assistant's client shows it.
        for key: MessageKey in [.mcpUnknownTool, .mcpMissingArgument] { keys[key] = "MCPScriptTests.swift" }
        for key: MessageKey in [.reasonUnreachable, .reasonNotFound] { keys[key] = nil }
        return keys
    }()

    /// A regular expression matching any rendering of a template: arguments become "anything",
    /// plural choices any of their branches.
    static func pattern(_ template: String) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += NSRegularExpression.escapedPattern(for: String(rest[..<open]))
            var depth = 0
            var close = open
            for index in rest[open...].indices {
                if rest[index] == "{" { depth += 1 }
                if rest[index] == "}" { depth -= 1; if depth == 0 { close = index; break } }
            }
            let body = rest[rest.index(after: open)..<close]
            let parts = body.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3 {
                // A branch may hold other arguments; `#` is the number.
                let branches = Template.branches(parts[2]).values.map { branch in
                    pattern(branch.replacingOccurrences(of: "#", with: "\u{0}")).replacingOccurrences(of: "\u{0}", with: "-?\\d+")
                }
                result += "(?:" + branches.joined(separator: "|") + ")"
            } else {
                result += "[\\s\\S]*?"
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + NSRegularExpression.escapedPattern(for: String(rest))
    }

    /// The longest piece of a template that every rendering contains word for word.
    static func literal(_ template: String) -> String {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in template {
            if character == "{" { depth += 1; if depth == 1 { pieces.append(current); current = "" } }
            if depth == 0 { current.append(character) }
            if character == "}" { depth -= 1 }
        }
        pieces.append(current)
        return pieces.max { $0.count < $1.count } ?? ""
    }

    /// Runs of white space as one space: prose is wrapped at the terminal's width.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func uncovered(in language: Language) -> [MessageKey] {
        let outputs = CaseFile.all.filter { $0.language == language.rawValue }.map { flattened($0.printed) }
        return MessageKey.allCases.filter { key in
            guard elsewhere[key] == nil else { return false }
            let template = flattened(language.template(key))
            // A literal piece first: the regular expression runs only on outputs that could match.
            let piece = literal(template)
            let candidates = outputs.filter { piece.isEmpty || $0.contains(piece) }
            guard !candidates.isEmpty else { return true }
            let regex = try! NSRegularExpression(pattern: pattern(template))
            return !candidates.contains { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        }
    }

    @Test(arguments: [Language.english, .russian])
    func everyMessageHasACase(_ language: Language) {
        let missing = Self.uncovered(in: language)
        #expect(missing.isEmpty, "\(missing.count) \(language) messages no case produces: \(missing.map(\.rawValue).joined(separator: ", "))")
    }

    @Test func theMatcherRecognisesRenderedTemplates() throws {
        let t = Messages(.russian)
        let rendered = t.text(.confirmDelete, "Бег", 21)
        let regex = try NSRegularExpression(pattern: Self.pattern(Language.russian.template(.confirmDelete)))
        #expect(regex.firstMatch(in: rendered, range: NSRange(rendered.startIndex..., in: rendered)) != nil)
        #expect(regex.firstMatch(in: "Удалить что-то другое", range: NSRange(location: 0, length: 20)) == nil)
    }
}

extension CatalogCoverageTests {
    /// An exemption must name a test file that exists and mentions the message, or it proves nothing.
    @Test func everyExemptionNamesATestThatRendersIt() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for (key, file) in Self.elsewhere {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let mentions = text.contains(".\(key.rawValue)") || (file == "ErrorPresenterTests.swift" && text.contains("everyError"))
            #expect(mentions, "\(file) does not render \(key)")
        }
    }
}
