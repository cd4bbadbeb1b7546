import FoundationEssentials
import HabitCore
import Hummingbird

/// The Web Push routes of the JSON API (docs/api.md, "Push reminders"): the server's public key,
/// this device's subscription, and a notification's Snooze. Subscriptions belong to a device (or
/// the open session without authentication); an API token is no device and is refused.
enum PushRoutes {
    /// The key of the one subscriber of a server without authentication.
    static let openDevice = "open"
}

extension WebApp {
    /// `GET /api/v1/push/key`: what the browser subscribes with (`applicationServerKey`).
    func pushKey(_ call: Call, _ principal: Principal) -> Response {
        do {
            return Reply.json([("publicKey", .string(try push.key().publicKey))], cache: "private, no-cache")
        } catch {
            HabitServe.printError("habit serve: push reminders cannot be offered: the key cannot be kept in \(error)")
            return call.problem(.serviceUnavailable, call.text[.webRefused])
        }
    }

    /// `PUT /api/v1/push/subscription`: this device's subscription, replacing its earlier one.
    func subscribe(_ call: Call, _ principal: Principal, _ body: ByteBuffer) -> Response {
        guard let device = Self.pushDevice(principal) else { return call.problem(.forbidden, call.text[.webForbidden] + ": device") }
        let subscription: PushSubscription
        do {
            subscription = try PushSubscription.checked(Array(body.readableBytesView), device: device, language: call.text.language.rawValue,
                                                        now: Int(clock.seconds))
        } catch {
            guard case .field(let name) = error else { return call.problem(.badRequest, call.text[.webBadRequest]) }
            return call.problem(.badRequest, call.text[.webBadRequest] + ": " + name)
        }
        do {
            // The key first: one made now drops the subscriptions made for an older one.
            _ = try push.key()
            try push.subscriptions.put(subscription)
        } catch {
            HabitServe.printError("habit serve: a push subscription cannot be kept: \(error)")
            return call.problem(.serviceUnavailable, call.text[.webRefused])
        }
        return Response(status: .noContent)
    }

    /// `DELETE /api/v1/push/subscription`: this device gets no more push reminders.
    func unsubscribe(_ call: Call, _ principal: Principal, _ body: ByteBuffer) -> Response {
        guard let device = Self.pushDevice(principal) else { return call.problem(.forbidden, call.text[.webForbidden] + ": device") }
        do { try push.subscriptions.remove(device: device) } catch {
            HabitServe.printError("habit serve: a push subscription cannot be removed: \(error)")
            return call.problem(.serviceUnavailable, call.text[.webRefused])
        }
        return Response(status: .noContent)
    }

    /// `POST /api/v1/push/snooze`: the notification's Snooze 10 min (the service worker sends it).
    func snooze(_ call: Call, _ principal: Principal, _ body: ByteBuffer) -> Response {
        struct Body: Decodable {
            var tracker: String
            var date: String
        }
        guard let device = Self.pushDevice(principal) else { return call.problem(.forbidden, call.text[.webForbidden] + ": device") }
        guard let request = try? JSONDecoder().decode(Body.self, from: Data(body.readableBytesView)) else {
            return call.problem(.badRequest, call.text[.webBadRequest] + ": body")
        }
        guard let day = CivilDate(request.date) else { return call.problem(.badRequest, call.text[.webBadRequest] + ": date") }
        // A tracker unknown now (removed since the notification came) is snoozed to nothing: the
        // snooze looks it up again when it ends.
        guard !request.tracker.isEmpty, request.tracker.utf8.count <= 200 else { return call.problem(.badRequest, call.text[.webBadRequest] + ": tracker") }
        let keeper = self.keeper
        let clock = self.clock
        push.snooze(tracker: request.tracker, day: day, device: device, store: { try? keeper.current() }, now: { Int(clock.seconds) })
        return Response(status: .accepted)
    }

    /// The subscriber a principal stands for: a device, or the open session; nil for an API token.
    static func pushDevice(_ principal: Principal) -> String? {
        switch principal.kind {
        case .device: principal.key
        case .open: PushRoutes.openDevice
        case .token: nil
        }
    }
}
