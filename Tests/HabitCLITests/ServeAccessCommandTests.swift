import Foundation
import HabitKit
import HabitLocalization
import HabitStore
import Testing
@testable import HabitCLI

/// `habit serve --devices`, `--revoke` and `--token add`: what a plain-text case cannot show,
/// since devices are made by a browser's login and a new token is random.
@Suite struct ServeAccessCommandTests {
    func file(_ habit: Harness) -> ServeAccessFile {
        ServeAccessFile(directory: DataDirectory(path: habit.directory.path), environment: habit.environment)
    }

    @Test func devicesAreListedAndRevokedByName() throws {
        let habit = try Harness()
        let created = 1_795_000_000
        try file(habit).update { (access: inout ServeAccess) throws(HabitError) in
            access.devices = [ServeAccess.Device(name: "Chrome on Android", hash: String(repeating: "a", count: 64), created: created, lastSeen: created + 3600),
                              ServeAccess.Device(name: "Firefox on Linux", hash: String(repeating: "b", count: 64), created: created, lastSeen: created)]
            return ((), changed: true)
        }
        let listed = habit.run(["serve", "--devices"])
        #expect(listed.code == 0 && listed.err.isEmpty)
        // Local times, an hour apart.
        let line = try #require(listed.out.split(separator: "\n").first.map(String.init))
        #expect(line.range(of: #"^Chrome on Android: logged in \d{4}-\d\d-\d\d \d\d:\d\d, last seen \d{4}-\d\d-\d\d \d\d:\d\d$"#, options: .regularExpression) != nil, "\(line)")
        #expect(line.hasPrefix(String(Messages(.english).text(.serveDevice, "Chrome on Android", "", "").prefix(29))))
        let times = line.components(separatedBy: "logged in ")[1].components(separatedBy: ", last seen ")
        #expect(times.count == 2 && times[0] != times[1])
        #expect(listed.out.contains("Firefox on Linux: logged in "))
        let revoked = habit.run(["serve", "--revoke", "Chrome on Android"])
        #expect(revoked.code == 0)
        #expect(revoked.out == Messages(.english).text(.serveDeviceRevoked, "Chrome on Android") + "\n")
        #expect(try file(habit).load().devices.map(\.name) == ["Firefox on Linux"])
        // The file stays readable by its owner alone.
        let mode = try FileManager.default.attributesOfItem(atPath: file(habit).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let russian = habit.run(["serve", "--devices"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.out.contains("Firefox on Linux: вход "))
        let revokedRu = habit.run(["serve", "--revoke", "Firefox on Linux"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(revokedRu.out.contains("«Firefox on Linux» больше не входит"))
    }

    @Test func aNewTokenIsPrintedOnceAndOnlyItsHashIsKept() throws {
        let habit = try Harness()
        let made = habit.run(["serve", "--token", "add", "tasker", "--tracker", "Morning run"])
        #expect(made.code == 0 && made.err.isEmpty, "\(made.err)")
        let lines = made.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == Messages(.english).text(.serveTokenMade, "tasker", Messages(.english).text(.serveScopeTracker, "morning-run")))
        #expect(lines.first == "API token “tasker” made (reads and changes morning-run only). Send it as “Authorization: Bearer TOKEN” to the JSON API under /api/; it is shown only this once:")
        let secret = try #require(lines.last)
        #expect(secret.count == 64 && secret.allSatisfy(\.isHexDigit))
        let kept = try String(contentsOfFile: file(habit).path, encoding: .utf8)
        #expect(!kept.contains(secret))
        #expect(kept.contains(ServeSecret.hash(secret)))
        let token = try #require(try file(habit).load().tokens.first)
        #expect(token.scope == ServeAccess.Scope(readOnly: false, tracker: "morning-run"))

        let russian = habit.run(["serve", "--token", "add", "виджет", "--read-only"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.out.hasPrefix("Токен API «виджет» создан (читает все трекеры, ничего не меняет)."))
    }

    @Test func aFileThatDoesNotParseIsNamedAndNeverOverwritten() throws {
        let habit = try Harness()
        let path = file(habit).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("[[device]\nname = 1\n".utf8).write(to: URL(fileURLWithPath: path))
        let listed = habit.run(["serve", "--devices"])
        #expect(listed.code == 1)
        #expect(listed.err.contains(path) || listed.err.contains("serve/"), "\(listed.err)")
        let revoked = habit.run(["serve", "--token", "add", "x"])
        #expect(revoked.code == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[[device]\nname = 1\n")
    }

    @Test func aFeedTokenIsPrintedOnceAndKeptAsTheFeeds() throws {
        let habit = try Harness()
        let made = habit.run(["serve", "--token", "add", "phone-calendar", "--feed"])
        #expect(made.code == 0 && made.err.isEmpty, "\(made.err)")
        let lines = made.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Calendar feed token “phone-calendar” made: it reads the plan at /calendar.ics only, never the API. Subscribe your calendar to https://HOST/calendar.ics?token=TOKEN; it is shown only this once:")
        #expect(lines.first == Messages(.english).text(.serveFeedTokenMade, "phone-calendar"))
        let secret = try #require(lines.last)
        #expect(lines.count == 2 && secret.count == 64)
        let token = try #require(try file(habit).load().tokens.first)
        #expect(token.isFeed && token.hash == ServeSecret.hash(secret) && token.scope.readOnly && token.scope.tracker == nil)
        #expect(!(try String(contentsOfFile: file(habit).path, encoding: .utf8)).contains(secret))

        let russian = habit.run(["serve", "--token", "add", "календарь", "--feed"], environment: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.out.hasPrefix("Токен календаря «календарь» создан: он читает только план по адресу /calendar.ics, но не API."), "\(russian.out)")
    }
}
