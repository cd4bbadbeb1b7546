import HabitCore
import HabitStore
import TOML

/// The services `habit remind run` also sends reminders through, from the `[remind]` table of
/// `$XDG_CONFIG_HOME/habit/config.toml` (else `~/.config/habit/config.toml`):
///
///     [remind]
///     notify = ["ntfy://ntfy.sh/my-habits", "json://127.0.0.1:8080"]
///     server = "https://laptop.tail1234.ts.net"
///
/// `notify` holds Apprise URLs (sent through Debian's `apprise`, one at a time); `server` is the
/// address of `habit serve` as the phone reaches it, for the Done action of an ntfy reminder.
/// Configuration of this machine, never in the data directory. The file is read, never written.
public struct ReminderServices: Sendable, Equatable {
    public var targets: [String]
    public var server: String?
    /// The file they came from (what an error or a report names).
    public var file: String

    public init(targets: [String], server: String?, file: String) {
        self.targets = targets
        self.server = server
        self.file = file
    }

    /// The keys the `[remind]` table may hold.
    static let keys = ["notify", "server"]

    /// `$XDG_CONFIG_HOME/habit/config.toml`, else `~/.config/habit/config.toml`.
    public static func path(environment: [String: String]) -> String {
        SecretFile.path("config.toml", environment: environment)
    }

    /// The services configured; nil when the file is missing or has no `remind.notify`. A file that
    /// does not parse, or a key of the wrong kind, is an error naming its line and column.
    public static func load(environment: [String: String]) throws(HabitError) -> ReminderServices? {
        let path = path(environment: environment)
        guard let bytes = try MachineFile.read(path, owner: .user, limit: 1 << 20) else { return nil }
        return try ReminderServices(parsing: bytes, file: path)
    }

    /// What the file's text holds for reminders (nil: no `remind.notify`). Other tables are left
    /// to whatever else reads the file.
    public init?(parsing bytes: [UInt8], file: String) throws(HabitError) {
        let document = try MachineFile.parse(bytes, file: file)
        func refuse(_ path: [String], _ problem: DiagnosticProblem) -> HabitError {
            MachineFile.refusal(problem, at: path, in: document, file: file)
        }
        guard let remindValue = document.root["remind"] else { return nil }
        guard let remind = remindValue.tableValue else {
            throw refuse(["remind"], .wrongType(key: "remind", expected: .table, found: remindValue.kind))
        }
        // A misspelt key would silently send nothing: it is an error.
        for key in remind.keys where !Self.keys.contains(key) {
            let suggestion = Self.keys.min { EditDistance.between(key, $0) < EditDistance.between(key, $1) } ?? "notify"
            throw refuse(["remind", key], .misspelledKey(found: "remind." + key, expected: "remind." + suggestion))
        }
        var server: String? = nil
        if let value = remind["server"] {
            guard let text = value.stringValue else {
                throw refuse(["remind", "server"], .wrongType(key: "remind.server", expected: .string, found: value.kind))
            }
            // The Done action's address: http(s) only, without a trailing slash.
            guard text.hasPrefix("https://") || text.hasPrefix("http://") else {
                throw refuse(["remind", "server"], .syntax("remind.server is the address of habit serve: https://NAME or http://NAME:PORT"))
            }
            server = text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        guard let notify = remind["notify"] else { return nil }
        guard let list = notify.arrayValue else {
            throw refuse(["remind", "notify"], .wrongType(key: "remind.notify", expected: .array, found: notify.kind))
        }
        var targets: [String] = []
        for value in list {
            guard let url = value.stringValue else {
                throw refuse(["remind", "notify"], .wrongType(key: "remind.notify", expected: .string, found: value.kind))
            }
            targets.append(url)
        }
        guard !targets.isEmpty else { return nil }
        self.init(targets: targets, server: server, file: file)
    }

    /// The target as a report may show it: the scheme and the host only when the host is a name or
    /// an address, since user names, passwords, tokens, topics and chat ids (in the host of some
    /// services, in the path or the query of others) are secrets. `ntfy://ntfy.sh/…`, `tgram://…`.
    public static func redacted(_ target: String) -> String {
        guard let colon = target.firstIndex(of: ":"), target[colon...].hasPrefix("://") else { return "…" }
        let scheme = target[..<colon]
        var rest = target[target.index(colon, offsetBy: 3)...]
        let hasMore = rest.contains("/") || rest.contains("?")
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        let host = rest.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let port = rest.split(separator: ":", maxSplits: 1).dropFirst().first.map { ":" + $0 } ?? ""
        let isName = host == "localhost" || (host.contains(".") && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" })
        let portIsNumber = port.dropFirst().allSatisfy { (character: Character) in character.isNumber }
        guard isName, portIsNumber else { return scheme + "://…" }
        return scheme + "://" + host + port + (hasMore ? "/…" : "")
    }
}
