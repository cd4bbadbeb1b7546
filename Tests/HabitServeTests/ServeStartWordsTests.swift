import Foundation
import HabitLocalization
import Testing
import TestSupport

/// What `habit-serve` says in the terminal, in the language of its environment: its refusals to
/// start (`serveOpenNetworkRefused`, `serveNoDataDirectory`) and the lines it prints once serving
/// (`serveServing`, `serveTokenKept`, and for the phone `servePhoneUnreachable`, `servePhoneScan`,
/// or `servePhoneOpenOnce` with `serveNoQRCode`/`serveNoQRCodeLibrary` where no code can be drawn,
/// `servePhoneOpen` without authentication). The failures of a running server
/// (`serveTokenNotKept`, `serveDevicesUnreadable`, `servePushContactNotKept`,
/// `servePushDueUnreadable`) are rendered here from the same catalog as those lines.
@Suite(.serialized) struct ServeStartWordsTests {
    static let languages: [(Language, String)] = [(.english, "C.UTF-8"), (.russian, "ru_RU.UTF-8")]

    final class Account {
        let scratch: ScratchDirectory
        let environment: [String: String]
        var data: String { scratch.sub("data") }

        init(lang: String, initialized: Bool = true) throws {
            scratch = try ScratchDirectory("serve-start-words")
            environment = [
                "HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": lang,
                "XDG_CONFIG_HOME": scratch.sub("config"), "XDG_CACHE_HOME": scratch.sub("cache"), "XDG_STATE_HOME": scratch.sub("state"),
                "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
            ]
            if initialized {
                let habit = try #require(BuiltProduct.habit, "build habit first (swift build --build-tests)")
                let outcome = try ChildProcess(habit, ["--dir", data, "init"], environment: environment, scratch: scratch.path).wait()
                #expect(outcome.succeeded, "habit init: \(outcome.all)")
            }
        }

        /// habit-serve run with `arguments`; a server is left to print its start-up lines, then stopped.
        func serve(_ arguments: [String], running: Bool = false) throws -> ProcessOutcome {
            let serve = try #require(BuiltProduct.path("habit-serve"), "build habit-serve first (swift build --build-tests)")
            let process = try ChildProcess(serve, ["--dir", data] + arguments, environment: environment, scratch: scratch.path)
            guard running else { return process.wait(timeout: 30) }
            // The lines are printed together once the server listens, the serving line first.
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline, process.outputSoFar.split(separator: "\n").count < 2 { usleep(50_000) }
            usleep(1_000_000)
            process.stop()
            return process.wait()
        }
    }

    static func freePort() throws -> Int { Int(try SilentListener().port) }

    @Test(arguments: languages)
    func refusalsToStartAreInTheUsersLanguage(_ language: Language, _ lang: String) throws {
        let words = Messages(language)
        let account = try Account(lang: lang)
        let port = try Self.freePort()
        let open = try account.serve(["--no-auth", "--listen", "0.0.0.0:\(port)"])
        #expect(open.status == 1)
        #expect(open.err == words.text(.serveOpenNetworkRefused, "0.0.0.0:\(port)") + "\n")

        let empty = try Account(lang: lang, initialized: false)
        let missing = try empty.serve(["--listen", "127.0.0.1:\(port)"])
        #expect(missing.status == 1)
        #expect(missing.err == words.text(.serveNoDataDirectory, empty.data) + "\n")
    }

    @Test(arguments: languages)
    func startUpLinesAreInTheUsersLanguage(_ language: Language, _ lang: String) throws {
        let words = Messages(language)
        let account = try Account(lang: lang)
        let port = try Self.freePort()
        let local = try account.serve(["--listen", "127.0.0.1:\(port)"], running: true)
        let lines = local.out.split(separator: "\n").map(String.init)
        let first = try #require(lines.first { $0.contains("http://127.0.0.1:\(port)/login?token=") }, "\(local.all)")
        let url = String(first[first.range(of: "http://")!.lowerBound...].prefix { !" )）".contains($0) })
        #expect(lines.first == words.text(.serveServing, account.data, url))
        let tokenFile = account.scratch.sub("config") + "/habit/serve-token"
        #expect(lines.dropFirst().first == words.text(.serveTokenKept, tokenFile), "\(local.all)")
        #expect(lines.contains(words.text(.servePhoneUnreachable, "127.0.0.1:\(port)", port)))

        // Behind a proxy named with --allow-host: the phone's one-time link, as a code or a line.
        let proxied = try account.serve(["--listen", "127.0.0.1:\(port)", "--allow-host", "phone.example"], running: true)
        let said = proxied.out.split(separator: "\n").map(String.init)
        let phone = try #require(said.first { $0.contains("https://phone.example/login?link=") }, "\(proxied.all)")
        let link = String(phone[phone.range(of: "https://")!.lowerBound...].prefix { !" )）".contains($0) })
        let codeDrawn = phone == words.text(.servePhoneScan, link)
        let noCode = phone == words.text(.servePhoneOpenOnce, link)
            && (said.contains(words[.serveNoQRCode]) || said.contains { $0.hasPrefix(String(words.text(.serveNoQRCodeLibrary, "").prefix(16))) })
        #expect(codeDrawn || noCode, "\(proxied.all)")

        // Without authentication there is no link to make: the address itself.
        let open = try account.serve(["--no-auth", "--listen", "127.0.0.1:\(port)", "--allow-host", "phone.example"], running: true)
        #expect(open.out.split(separator: "\n").map(String.init).contains(words.text(.servePhoneOpen, "https://phone.example/")))
    }

    /// The failures of a running server, rendered from the catalog as the server renders them: every
    /// argument in its place, nothing left in English in Russian.
    @Test func failuresOfARunningServerHaveTheirWords() {
        let english = Messages(.english), russian = Messages(.russian)
        for (key, arguments) in [(MessageKey.serveTokenNotKept, ["/state/habit/serve-token", "disk full"]),
                                 (.serveDevicesUnreadable, ["/state/habit/serve/devices.toml", "line 3, column 1"]),
                                 (.servePushContactNotKept, ["/state/habit/serve: disk full"]),
                                 (.servePushDueUnreadable, ["/data", "trackers/run.toml:2:5"])] {
            for words in [english, russian] {
                let text = words.text(key, arguments[0], arguments.count > 1 ? arguments[1] : "")
                #expect(text.hasPrefix("habit serve"))
                for argument in arguments { #expect(text.contains(argument)) }
            }
            #expect(english[key] != russian[key])
        }
    }
}
