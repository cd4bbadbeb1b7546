#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitSystem
import TOML

/// One notification: a title and a line of text.
public struct DesktopNotification: Equatable, Sendable {
    public var summary: String
    public var body: String

    public init(summary: String, body: String) {
        (self.summary, self.body) = (summary, body)
    }
}

/// The desktop's notification service (`org.freedesktop.Notifications` on the D-Bus session
/// bus), reached through `notify-send`, else `gdbus`. Spawning a small tool a few times a day costs
/// nothing, where linking a D-Bus library would cost every start of habit.
public struct DesktopNotifications: Sendable {
    public let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else the socket a login session keeps at
    /// `$XDG_RUNTIME_DIR/bus` (or `/run/user/UID/bus`, as cron sets neither variable). nil when
    /// there is none: no desktop session to show anything.
    public var busAddress: String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(getuid())"
        return ReminderScheduler.isSocket(runtime + "/bus") ? "unix:path=" + runtime + "/bus" : nil
    }

    /// Shows `notification`; false when no bus, no tool, or no notification service took it.
    public func send(_ notification: DesktopNotification) -> Bool {
        guard let bus = busAddress else { return false }
        var environment = self.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        // A service that reads the body as markup says so; for it, `&` and `<` must be escaped,
        // and for any other they must not be (they would show as `&amp;`). The summary is never markup.
        let body = capabilities(environment)?.contains("body-markup") == true ? Self.escapeMarkup(notification.body) : notification.body
        if let notifySend = Subprocess.find("notify-send", environment: environment) {
            let outcome = Subprocess.run(notifySend, ["--app-name=habit", "--", notification.summary, body], environment: environment)
            return outcome.succeeded
        }
        if let gdbus = Subprocess.find("gdbus", environment: environment) {
            let arguments = ["call", "--session", "--timeout", "10", "--dest", "org.freedesktop.Notifications",
                             "--object-path", "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify",
                             Self.variantString("habit"), "0", Self.variantString(""), Self.variantString(notification.summary),
                             Self.variantString(body), "[]", "{}", "int32 -1"]
            let outcome = Subprocess.run(gdbus, arguments, environment: environment)
            return outcome.succeeded
        }
        return false
    }

    /// Whether a notification here can carry actions: the service says it shows them and
    /// `notify-send` can ask for them (`--action`, libnotify 0.7.10 and later) and wait for the answer.
    public var supportsActions: Bool {
        guard let bus = busAddress, let notifySend = Subprocess.find("notify-send", environment: environment) else { return false }
        var environment = self.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        guard capabilities(environment)?.contains("actions") == true else { return false }
        return Subprocess.run(notifySend, ["--help"], environment: environment, timeoutSeconds: 5).output.contains("--action")
    }

    /// Shows `notification` with `actions` (key and label) and waits, at most `timeoutSeconds`, for
    /// the person to choose one: its key, or nil when the notification was closed, expired or could
    /// not be shown.
    public func ask(_ notification: DesktopNotification, actions: [(key: String, label: String)], timeoutSeconds: Double) -> String? {
        guard let bus = busAddress, let notifySend = Subprocess.find("notify-send", environment: environment) else { return nil }
        var environment = self.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        let body = capabilities(environment)?.contains("body-markup") == true ? Self.escapeMarkup(notification.body) : notification.body
        let outcome = Subprocess.run(notifySend, ["--app-name=habit"] + actions.map { "--action=\($0.key)=\($0.label)" }
                                        + ["--", notification.summary, body], environment: environment, timeoutSeconds: timeoutSeconds)
        let chosen = outcome.output.split(whereSeparator: \.isNewline).last.map(String.init)
        return outcome.succeeded ? chosen.flatMap { key in actions.contains { $0.key == key } ? key : nil } : nil
    }

    /// Starts `executable arguments` detached, to wait for a notification's answer after this
    /// program ends.
    public func startWaiter(_ executable: String, _ arguments: [String]) -> Bool {
        Subprocess.startDetached(executable, arguments, environment: environment)
    }

    /// What the notification service says it can do (`GetCapabilities`); nil when it could not be asked.
    func capabilities(_ environment: [String: String]) -> [String]? {
        let outcome: Subprocess.Outcome
        if let gdbus = Subprocess.find("gdbus", environment: environment) {
            outcome = Subprocess.run(gdbus, ["call", "--session", "--timeout", "5", "--dest", "org.freedesktop.Notifications",
                                             "--object-path", "/org/freedesktop/Notifications",
                                             "--method", "org.freedesktop.Notifications.GetCapabilities"], environment: environment)
        } else if let busctl = Subprocess.find("busctl", environment: environment) {
            outcome = Subprocess.run(busctl, ["--user", "--timeout=5", "call", "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                              "org.freedesktop.Notifications", "GetCapabilities"], environment: environment)
        } else {
            return nil
        }
        guard outcome.succeeded else { return nil }
        // `(['actions', 'body'],)` from gdbus, `as 2 "actions" "body"` from busctl: the quoted words.
        var words: [String] = []
        var current: String? = nil
        for character in outcome.output {
            if character == "'" || character == "\"" {
                if let word = current { words.append(word); current = nil } else { current = "" }
            } else if current != nil {
                current!.append(character)
            }
        }
        return words
    }

    /// A string in GVariant's text format, so that gdbus never reads it as a number or a list.
    static func variantString(_ text: String) -> String {
        Escaping.quoted(text, Escaping.common)
    }

    static func escapeMarkup(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
            .replacing(">", with: "&gt;")
    }
}
