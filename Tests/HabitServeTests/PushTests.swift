import Crypto
import Foundation
import HabitCore
import HabitKit
import HabitLocalization
import HabitStore
import Testing
import TestSupport
@testable import HabitServe

/// Web Push's parts, each against what the RFCs and the contract with the service worker say:
/// the encryption against RFC 8291's worked example, the VAPID token against its public key, the
/// subscriptions' store and checks, and the message's words.
@Suite struct PushTests {
    static func bytes(_ text: String) -> [UInt8] { Base64URL.decode(text)! }

    /// RFC 8291 §5 (the worked example of Appendix A): its keys, salt and auth secret give its
    /// message byte for byte.
    @Test func theEncryptionGivesRFC8291sExample() throws {
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        #expect(Base64URL.encode(sender.publicKey.x963Representation)
            == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try PushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8),
            p256dh: Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            auth: Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), salt: Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"), sender: sender)
        #expect(Base64URL.encode(body) == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func everyMessageHasAKeyAndSaltOfItsOwn() throws {
        let receiver = P256.KeyAgreement.PrivateKey()
        let p256dh = Array(receiver.publicKey.x963Representation)
        let auth = [UInt8](repeating: 7, count: 16)
        let first = try PushEncryption.encrypt([1, 2, 3], p256dh: p256dh, auth: auth)
        let second = try PushEncryption.encrypt([1, 2, 3], p256dh: p256dh, auth: auth)
        #expect(first.count == 86 + 3 + 1 + 16)
        #expect(first[0..<16] != second[0..<16] && first[21..<86] != second[21..<86])
        #expect(throws: PushEncryption.Failure.badKey) { try PushEncryption.encrypt([1], p256dh: [4] + [UInt8](repeating: 1, count: 64), auth: auth) }
        #expect(throws: PushEncryption.Failure.tooLong) { try PushEncryption.encrypt([UInt8](repeating: 0, count: 4080), p256dh: p256dh, auth: auth) }
    }

    /// RFC 8292: an ES256 JWT for the endpoint's origin, expiring within 24 hours, that the
    /// header's own public key verifies.
    @Test func theVAPIDTokenVerifiesWithThePublicKey() throws {
        let vapid = VAPID(key: P256.Signing.PrivateKey(), subject: "mailto:ann@example.org")
        let header = try #require(vapid.authorization(endpoint: "https://push.example.net:8443/wpush/v2/abc?x=1", now: 1_795_000_000))
        let match = try #require(header.wholeMatch(of: /vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)/))
        let (signed, signature, key) = (String(match.1), Self.bytes(String(match.2)), String(match.3))
        #expect(key == vapid.publicKey && Self.bytes(key).count == 65)
        let publicKey = try P256.Signing.PublicKey(x963Representation: Self.bytes(key))
        #expect(publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: signature), for: Array(signed.utf8)))
        #expect(!publicKey.isValidSignature(try P256.Signing.ECDSASignature(rawRepresentation: signature), for: Array((signed + "x").utf8)))
        let parts = signed.split(separator: ".").map { Self.bytes(String($0)) }
        #expect(String(decoding: parts[0], as: UTF8.self) == #"{"typ":"JWT","alg":"ES256"}"#)
        let claims = try #require(try JSONSerialization.jsonObject(with: Data(parts[1])) as? [String: Any])
        #expect(claims["aud"] as? String == "https://push.example.net:8443")
        #expect(claims["sub"] as? String == "mailto:ann@example.org")
        let expires = try #require(claims["exp"] as? Int)
        #expect(expires > 1_795_000_000 && expires <= 1_795_000_000 + 24 * 3600)
        #expect(vapid.authorization(endpoint: "ftp://push.example.net/x", now: 0) == nil)
    }

    @Test func theKeyIsMadeOnceAndKeptPrivate() throws {
        let scratch = try ScratchDirectory("push-key")
        let path = scratch.sub("state/habit/serve/k.vapid")
        let (first, made) = try VAPID.load(path: path, subject: VAPID.defaultSubject)
        let (again, madeAgain) = try VAPID.load(path: path, subject: VAPID.defaultSubject)
        #expect(made && !madeAgain && first.publicKey == again.publicKey)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
    }

    static func subscriptionBody(endpoint: String = "https://push.example.net/abc", p256dh: [UInt8]? = nil, auth: [UInt8] = [UInt8](repeating: 9, count: 16)) -> [UInt8] {
        let point = p256dh ?? Array(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        return Array("{\"endpoint\":\"\(endpoint)\",\"keys\":{\"p256dh\":\"\(Base64URL.encode(point))\",\"auth\":\"\(Base64URL.encode(auth))\"}}".utf8)
    }

    @Test func aSubscriptionIsChecked() throws {
        func problem(_ body: [UInt8]) -> String? {
            do { _ = try PushSubscription.checked(body, device: "d", language: "en", now: 0); return nil } catch {
                guard case .field(let name) = error else { return "?" }
                return name
            }
        }
        #expect(problem(Self.subscriptionBody()) == nil)
        #expect(problem(Self.subscriptionBody(endpoint: "http://127.0.0.1:9/push")) == nil)
        #expect(problem(Self.subscriptionBody(endpoint: "http://[::1]:9/push")) == nil)
        #expect(problem(Self.subscriptionBody(endpoint: "http://localhost/push")) == nil)
        #expect(problem(Self.subscriptionBody(endpoint: "http://push.example.net/abc")) == "endpoint")
        #expect(problem(Self.subscriptionBody(endpoint: "http://127.0.0.1.example.net/abc")) == "endpoint")
        #expect(problem(Self.subscriptionBody(endpoint: "javascript:alert(1)")) == "endpoint")
        #expect(problem(Self.subscriptionBody(p256dh: [UInt8](repeating: 4, count: 33))) == "keys.p256dh")
        #expect(problem(Self.subscriptionBody(auth: [UInt8](repeating: 1, count: 12))) == "keys.auth")
        #expect(problem(Array("{\"endpoint\":\"https://x\"}".utf8)) == "body")
    }

    @Test func theStoreKeepsOneSubscriptionPerDeviceAndGoesWithTheLast() throws {
        let scratch = try ScratchDirectory("push-store")
        let store = PushSubscriptions(path: scratch.sub("state/habit/serve/k.push.json"))
        func subscription(_ device: String, _ endpoint: String) throws -> PushSubscription {
            try PushSubscription.checked(Self.subscriptionBody(endpoint: endpoint), device: device, language: "ru", now: 5)
        }
        try store.put(subscription("device:a", "https://push.example.net/1"))
        try store.put(subscription("device:b", "https://push.example.net/2"))
        try store.put(subscription("device:a", "https://push.example.net/3"))
        #expect(store.all().map(\.endpoint) == ["https://push.example.net/2", "https://push.example.net/3"])
        #expect(store.all().first?.language == "ru")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        try store.remove(endpoint: "https://push.example.net/2")
        #expect(store.all().map(\.device) == ["device:a"])
        try store.remove(device: "device:a")
        #expect(store.all().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.path), "no file once the last subscription went")
    }

    /// The message the service worker shows, in the subscription's language: the tracker as the
    /// desktop names it, the reminder's body and the buttons in the catalog's words.
    @Test func theMessageSaysTheReminderInTheSubscriptionsLanguage() throws {
        let tracker = Tracker(id: "run", name: "Morning run", category: "Health", schedule: .event, emoji: "🏃")
        let day = try #require(CivilDate("2026-11-21"))
        let time = try #require(ReminderTime(hour: 7, minute: 30))
        for language in [Language.english, .russian] {
            let json = PushMessage(tracker: tracker, day: day, time: time, language: language).json
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let messages = Messages(language)
            #expect(fields["title"] as? String == "🏃 Morning run")
            #expect(fields["body"] as? String == messages.text(.reminderBody, time))
            #expect(fields["tracker"] as? String == "run" && fields["date"] as? String == "2026-11-21")
            #expect(fields["tag"] as? String == "habit-run-2026-11-21" && fields["url"] as? String == "/?date=2026-11-21")
            let actions = try #require(fields["actions"] as? [String: String])
            #expect(actions == ["done": messages[.reminderActionDone], "snooze": messages[.reminderActionSnooze]])
        }
        #expect(Messages(.russian).text(.reminderBody, time) != Messages(.english).text(.reminderBody, time))
    }

    @Test func anOriginIsTheSchemeAndAuthority() {
        #expect(VAPID.origin(of: "https://fcm.googleapis.com/fcm/send/x") == "https://fcm.googleapis.com")
        #expect(VAPID.origin(of: "HTTPS://Web.Push.Apple.com/Q") == "https://web.push.apple.com")
        #expect(VAPID.origin(of: "http://127.0.0.1:8099/p?x") == "http://127.0.0.1:8099")
        #expect(VAPID.origin(of: "https://user@evil.example/") == nil)
        #expect(VAPID.origin(of: "https:///nohost") == nil)
        // Found by schemathesis: a port that is not a number was taken.
        #expect(VAPID.origin(of: "https://push.example:58023*") == nil)
        #expect(VAPID.origin(of: "https://push.example:70000/x") == nil)
        #expect(VAPID.origin(of: "https://push.example:/x") == nil)
        #expect(VAPID.origin(of: "https://pu$h.example/x") == nil)
        #expect(VAPID.origin(of: "http://[::1]:8099/p") == "http://[::1]:8099")
        #expect(!PushSubscription.acceptsEndpoint("https://push.example/a b"))
        #expect(PushSubscription.acceptsEndpoint("https://push.example:443/a/b?c=d"))
        #expect(PushSubscription.acceptsEndpoint("http://[::1]:8099/p") && !PushSubscription.acceptsEndpoint("http://push.example/p"))
    }
}
