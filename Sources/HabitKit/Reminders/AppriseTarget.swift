import HabitCore
import HabitSystem
import TOML

/// One reminder sent to one Apprise URL through Debian's `apprise` command (docs/reminders.md):
/// one target per run of `apprise`, so that a broken target is reported and the others still get
/// theirs. For ntfy, which shows actions on the phone, a reminder of one tracker carries a Done
/// button that calls `habit serve`'s JSON API with a token that can mark that tracker only.
public struct AppriseTarget: Sendable {
    public struct Message: Sendable, Equatable {
        public var title: String
        public var body: String
        /// The Done button of an ntfy notification; nil: none.
        public var done: DoneAction?

        public init(title: String, body: String, done: DoneAction? = nil) {
            self.title = title
            self.body = body
            self.done = done
        }
    }

    /// What the Done button sends: `POST {server}/api/v1/changes` marking `tracker` done on `day`.
    public struct DoneAction: Sendable, Equatable {
        public var label: String
        public var server: String
        public var token: String
        public var tracker: String
        public var day: CivilDate

        public init(label: String, server: String, token: String, tracker: String, day: CivilDate) {
            self.label = label
            self.server = server
            self.token = token
            self.tracker = tracker
            self.day = day
        }

        /// The change the button sends: a state to reach, with an id of its own, so that a second
        /// tap (or ntfy sending it twice) changes nothing.
        var body: String {
            let id = "remind-\(day)-" + FNV1a.hex(Array(tracker.utf8))
            return "{\"changes\":[{\"id\":\(JSONString.quoted(id)),\"kind\":\"mark\",\"tracker\":\(JSONString.quoted(tracker)),"
                + "\"date\":\"\(day)\",\"state\":\"done\"}]}"
        }

        /// ntfy's `X-Actions` in its JSON form: one `http` action.
        var ntfyActions: String {
            "[{\"action\":\"http\",\"label\":\(JSONString.quoted(label)),\"url\":\(JSONString.quoted(server + "/api/v1/changes")),"
                + "\"method\":\"POST\",\"headers\":{\"Authorization\":\(JSONString.quoted("Bearer " + token)),"
                + "\"Content-Type\":\"application/json\"},\"body\":\(JSONString.quoted(body)),\"clear\":true}]"
        }
    }

    /// Why a target did not get its message.
    public enum Failure: Error, Sendable, Equatable {
        /// No `apprise` on PATH.
        case missing
        /// `apprise` ran and failed (its exit status; nil: it was stopped or timed out).
        case notDelivered(status: Int32?)
    }

    let environment: [String: String]
    /// The `apprise` to run; nil when none is installed.
    public let executable: String?

    public init(environment: [String: String]) {
        self.environment = environment
        executable = Subprocess.find("apprise", environment: environment)
    }

    /// Sends `message` to `url`; nil when `apprise` says it was delivered.
    public func send(_ message: Message, to url: String) -> Failure? {
        guard let executable else { return .missing }
        // Apprise reads no configuration file when it is given a URL; the text goes as arguments,
        // so nothing waits for standard input.
        let outcome = Subprocess.run(executable, ["--title", message.title, "--body", message.body, Self.url(url, done: message.done)],
                                     environment: environment, timeoutSeconds: 60)
        return outcome.succeeded ? nil : .notDelivered(status: outcome.timedOut ? nil : outcome.status)
    }

    /// The URL `apprise` is given. Apprise's own ntfy service has no actions, so a reminder with a
    /// Done button goes to the same ntfy server through Apprise's JSON service instead, as ntfy's
    /// JSON publishing (`POST /` with `topic`) with the button in the `X-Actions` header. An ntfy
    /// URL with several topics or with options (`?priority=…`) is sent as it is, without the button.
    static func url(_ url: String, done: DoneAction?) -> String {
        guard let done else { return url }
        let secure: Bool
        if url.hasPrefix("ntfys://") { secure = true } else if url.hasPrefix("ntfy://") { secure = false } else { return url }
        let rest = url.drop(while: { $0 != ":" }).dropFirst(3)
        guard !rest.contains("?"), !rest.contains("#") else { return url }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: true)
        let server: Substring, topic: Substring
        switch parts.count {
        // `ntfy://topic`: Apprise sends it to ntfy.sh, over HTTPS.
        case 1 where !parts[0].contains("@") && !parts[0].contains(":") && !parts[0].contains("."):
            return "jsons://ntfy.sh/?" + query(topic: parts[0], done: done)
        case 2: (server, topic) = (parts[0], parts[1])
        default: return url
        }
        return (secure ? "jsons" : "json") + "://" + server + "/?" + query(topic: topic, done: done)
    }

    private static func query(topic: Substring, done: DoneAction) -> String {
        ":topic=" + percentEncoded(String(topic)) + "&+X-Actions=" + percentEncoded(done.ntfyActions)
    }

    /// Every byte but letters, digits and `-._~` percent-encoded, as Apprise unquotes a URL's query.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 15)])
            }
        }
        return out
    }
}
