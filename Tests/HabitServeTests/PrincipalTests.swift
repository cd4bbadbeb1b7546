import Foundation
import HabitKit
import Hummingbird
import Testing
@testable import HabitServe

/// The one authentication point and its scope check, the device names, the one-time links and
/// the QR code's modules, in-process (DeviceSessionTests runs them against real servers).
@Suite struct PrincipalTests {
    func principal(readOnly: Bool, tracker: String?) -> Principal {
        Principal(kind: .token, name: "t", scope: .init(readOnly: readOnly, tracker: tracker), csrf: nil, key: "k")
    }

    @Test func theScopeDecidesWhatAPrincipalMayReadAndChange() {
        let everything = principal(readOnly: false, tracker: nil)
        #expect(everything.permits(.change(tracker: "run")) && everything.permits(.change(tracker: nil)) && everything.permits(.read(tracker: nil)))
        let reader = principal(readOnly: true, tracker: nil)
        #expect(reader.permits(.read(tracker: "run")) && reader.permits(.read(tracker: nil)))
        #expect(!reader.permits(.change(tracker: "run")) && !reader.permits(.change(tracker: nil)))
        let run = principal(readOnly: false, tracker: "run")
        #expect(run.permits(.change(tracker: "run")) && run.permits(.read(tracker: "run")))
        #expect(!run.permits(.change(tracker: "water")) && !run.permits(.change(tracker: nil)) && !run.permits(.read(tracker: nil)))
        let runReader = principal(readOnly: true, tracker: "run")
        #expect(runReader.permits(.read(tracker: "run")) && !runReader.permits(.change(tracker: "run")))
        // A token needs no CSRF token; a device needs its own.
        #expect(!run.needsCSRF && run.acceptsCSRF(""))
        let device = Principal(kind: .device, name: "d", scope: .everything, csrf: "abc", key: "k")
        #expect(device.needsCSRF && device.acceptsCSRF("abc") && !device.acceptsCSRF("abd") && !device.acceptsCSRF(""))
    }

    @Test func aBearerIsTakenFromOneAuthorizationHeaderOnly() {
        #expect(Authenticator.bearer([.authorization: "Bearer abc"]) == "abc")
        #expect(Authenticator.bearer([.authorization: "bearer abc"]) == "abc")
        #expect(Authenticator.bearer([.authorization: "Basic abc"]) == nil)
        #expect(Authenticator.bearer([.authorization: "Bearer "]) == nil)
        var two = HTTPFields()
        two[values: .authorization] = ["Bearer a", "Bearer b"]
        #expect(Authenticator.bearer(two) == nil)
    }

    @Test func theDeviceCSRFTokenIsDerivedFromItsSecret() {
        let secret = ServeSecret.make()
        #expect(DeviceBook.csrf(forDeviceSecret: secret) == DeviceBook.csrf(forDeviceSecret: secret))
        #expect(DeviceBook.csrf(forDeviceSecret: secret) != DeviceBook.csrf(forDeviceSecret: ServeSecret.make()))
        #expect(DeviceBook.csrf(forDeviceSecret: secret) != ServeSecret.hash(secret))
    }

    @Test func devicesAreNamedAfterTheirBrowser() {
        #expect(DeviceName.from(userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36") == "Chrome on Android")
        #expect(DeviceName.from(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1") == "Safari on iPhone")
        #expect(DeviceName.from(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0") == "Firefox on Linux")
        #expect(DeviceName.from(userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0") == "Edge on Windows")
        #expect(DeviceName.from(userAgent: nil) == "Browser")
        var access = ServeAccess(devices: [.init(name: "Chrome on Android", hash: "a", created: 0, lastSeen: 0)])
        #expect(access.freeDeviceName("Chrome on Android") == "Chrome on Android 2")
        access.devices.append(.init(name: "Chrome on Android 2", hash: "b", created: 0, lastSeen: 0))
        #expect(access.freeDeviceName("Chrome on Android") == "Chrome on Android 3")
    }

    @Test func theStateFileReadsBackWhatWasWritten() throws {
        let access = ServeAccess(devices: [.init(name: "Safari \"on\" iPhone", hash: ServeSecret.hash("x"), created: 1, lastSeen: 2)],
                                 tokens: [.init(name: "t", hash: ServeSecret.hash("y"), scope: .init(readOnly: true, tracker: "run"), created: 3, lastUsed: nil),
                                          .init(name: "u", hash: ServeSecret.hash("z"), scope: .everything, created: 4, lastUsed: 5)])
        #expect(try ServeAccess(parsing: Array(access.text.utf8), file: "f") == access)
        #expect(throws: HabitError.self) { try ServeAccess(parsing: Array("[[device]]\nname = \"x\"\n".utf8), file: "f") }
    }

    @Test func lastSeenIsWrittenAtMostOnceAMinuteAndLongUnseenDevicesAreForgotten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-devices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ServeAccessFile(path: folder.path + "/serve/key.toml")
        let clock = Clock()
        let book = DeviceBook(file: file, now: { clock.seconds })
        let stale = ServeAccess.Device(name: "Old phone", hash: ServeSecret.hash("old"), created: 0, lastSeen: 0)
        try file.update { (access: inout ServeAccess) throws(HabitError) in
            access.devices = [stale]
            return ((), changed: true)
        }
        clock.seconds = DeviceBook.cookieLifetime + 10
        let opened = try book.open(userAgent: nil)
        #expect(try file.load().devices == [opened.device], "the device unseen for 400 days is kept")
        clock.seconds += 59
        #expect(book.device(secret: opened.secret) != nil)
        #expect(try file.load().devices.first?.lastSeen == opened.device.lastSeen, "last seen written within a minute")
        clock.seconds += 1
        #expect(book.device(secret: opened.secret) != nil)
        #expect(try file.load().devices.first?.lastSeen == clock.seconds)
        #expect(book.device(secret: "not a device") == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A book on a fresh access file, and the file (removed by the caller's `defer`).
    func book(memoryLimit: Int = DeviceBook.recognizedLimit) -> (DeviceBook, ServeAccessFile, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-devices-\(UUID().uuidString)")
        let file = ServeAccessFile(path: folder.path + "/serve/key.toml")
        return (DeviceBook(file: file, now: { 1_000 }, memoryLimit: memoryLimit), file, folder)
    }

    /// The recognised secret keeps its hash and CSRF token only: `--revoke` removes the device from
    /// the file, and the next request with its cookie is refused though the book knew the secret.
    @Test func aRevokedDevicesCookieIsRefusedAfterItWasRecognised() throws {
        let (book, file, folder) = book()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kept = try book.open(userAgent: nil)
        let revoked = try book.open(userAgent: nil)
        let authenticator = Authenticator(devices: book, cookieName: "habit", openCSRF: "open")
        func principal(_ secret: String) -> Principal? {
            var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/")
            head.headerFields[.cookie] = "habit=" + secret
            return authenticator.principal(Request(head: head, body: RequestBody(buffer: ByteBuffer())), acceptsBearer: false)
        }
        for _ in 0..<2 {
            #expect(principal(revoked.secret)?.csrf == DeviceBook.csrf(forDeviceSecret: revoked.secret))
        }
        #expect(book.recognizedCount == 1)
        try file.update { (access: inout ServeAccess) throws(HabitError) in
            access.devices.removeAll { $0.name == revoked.device.name }
            return ((), changed: true)
        }
        #expect(principal(revoked.secret) == nil)
        #expect(book.device(secret: revoked.secret) == nil)
        #expect(principal(kept.secret)?.key == "device:" + kept.device.hash)
    }

    /// The memory of recognised secrets is bounded and takes no stranger's guess; a device whose
    /// entry was dropped is recognised again, with the same CSRF token.
    @Test func theMemoryOfRecognisedSecretsIsBounded() throws {
        let (book, _, folder) = book(memoryLimit: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<50 { #expect(book.device(secret: ServeSecret.make()) == nil && book.token(secret: ServeSecret.make()) == nil) }
        #expect(book.recognizedCount == 0, "a stranger's guesses are kept")
        let opened = try (0..<7).map { _ in try book.open(userAgent: nil) }
        for device in opened + opened {
            #expect(book.device(secret: device.secret)?.csrf == DeviceBook.csrf(forDeviceSecret: device.secret))
            #expect(book.recognizedCount <= 3)
        }
        #expect(book.recognizedCount >= 1)
    }

    final class Clock: @unchecked Sendable {
        var seconds = 0
    }

    @Test func aLoginLinkWorksOnce() {
        let links = LoginLinks()
        let link = links.make()
        #expect(!links.redeem(ServeSecret.make()))
        #expect(links.redeem(link))
        #expect(!links.redeem(link))
    }

    @Test(.enabled(if: QRCode.unavailable == nil, "libqrencode4 is not installed")) func theQRCodeHasLibqrencodesModules() throws {
        let code = try #require(QRCode("https://phone.example/login?link=" + String(repeating: "0", count: 64)))
        // A version's size, 17 + 4 × version modules a side (zbarimg decodes the code in devices_test.py).
        #expect(code.width > 21 && (code.width - 17) % 4 == 0)
        // The three finder patterns: a dark 7 × 7 ring at three corners.
        for (row, column) in [(0, 0), (0, code.width - 7), (code.width - 7, 0)] {
            #expect((0..<7).allSatisfy { code.isDark(row, column + $0) && code.isDark(row + 6, column + $0) && code.isDark(row + $0, column) })
            #expect(!code.isDark(row + 1, column + 1) && code.isDark(row + 3, column + 3))
        }
        let lines = code.halfBlocks()
        #expect(lines.count == (code.width + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.width + 8 })
        #expect(lines[0] == String(repeating: "█", count: code.width + 8), "the quiet zone")
    }
}
