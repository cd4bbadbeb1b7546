import HabitStore
import TOML

/// Who may use `habit serve` for one data directory: the devices logged in (a browser's long-lived
/// cookie) and the API tokens made for scripts. Only a SHA-256 hash of each secret is kept, so the
/// file lets no one in. `ServeAccessFile` keeps it in the state folder, never in the data directory.
public struct ServeAccess: Sendable, Equatable {
    /// A browser logged in: its cookie's secret hashes to `hash`.
    public struct Device: Sendable, Equatable {
        public var name: String
        public var hash: String
        /// Seconds since the epoch.
        public var created: Int
        public var lastSeen: Int

        public init(name: String, hash: String, created: Int, lastSeen: Int) {
            self.name = name
            self.hash = hash
            self.created = created
            self.lastSeen = lastSeen
        }
    }

    /// A personal access token for the JSON API (`Authorization: Bearer`), with what it may do.
    public struct Token: Sendable, Equatable {
        public var name: String
        public var hash: String
        public var scope: Scope
        public var created: Int
        /// nil: never used.
        public var lastUsed: Int?
        /// A calendar feed token (`--token add NAME --feed`): valid for `/calendar.ics?token=` only,
        /// never for the API, since a calendar app can send it only in the address.
        public var isFeed: Bool

        public init(name: String, hash: String, scope: Scope, created: Int, lastUsed: Int? = nil, isFeed: Bool = false) {
            self.name = name
            self.hash = hash
            self.scope = scope
            self.created = created
            self.lastUsed = lastUsed
            self.isFeed = isFeed
        }
    }

    /// What a principal may do: everything, or only read, or only one tracker (by identifier).
    public struct Scope: Sendable, Equatable {
        public var readOnly: Bool
        public var tracker: String?

        public static let everything = Scope(readOnly: false, tracker: nil)

        public init(readOnly: Bool, tracker: String?) {
            self.readOnly = readOnly
            self.tracker = tracker
        }
    }

    public var devices: [Device] = []
    public var tokens: [Token] = []

    public init(devices: [Device] = [], tokens: [Token] = []) {
        self.devices = devices
        self.tokens = tokens
    }

    /// `base`, or `base 2`, `base 3`… whichever no device has yet: `--revoke NAME` names one device.
    public func freeDeviceName(_ base: String) -> String {
        var candidate = base
        var number = 1
        while devices.contains(where: { $0.name == candidate }) {
            number += 1
            candidate = "\(base) \(number)"
        }
        return candidate
    }

    // MARK: the file's text

    /// The TOML the file holds: a `[[device]]` and a `[[token]]` table each, times as seconds since the epoch.
    public var text: String {
        var root = TOMLTable()
        if !devices.isEmpty {
            root["device"] = .array(devices.map { device in
                .table(["name": .string(device.name), "hash": .string(device.hash),
                        "created": .integer(Int64(device.created)), "last-seen": .integer(Int64(device.lastSeen))])
            })
        }
        if !tokens.isEmpty {
            root["token"] = .array(tokens.map { token in
                var table: TOMLTable = ["name": .string(token.name), "hash": .string(token.hash), "read-only": .boolean(token.scope.readOnly)]
                if let tracker = token.scope.tracker { table["tracker"] = .string(tracker) }
                if token.isFeed { table["feed"] = .boolean(true) }
                table["created"] = .integer(Int64(token.created))
                if let used = token.lastUsed { table["last-used"] = .integer(Int64(used)) }
                return .table(table)
            })
        }
        return "# habit serve's devices and API tokens (hashes of their secrets only). habit serve --devices,\n"
            + "# --revoke, --token list and --token revoke change this file; delete it to log every device out.\n\n"
            + TOMLSerializer.document(root)
    }

    /// What a file's text holds; a problem names its line and column (the file is then never rewritten).
    public init(parsing bytes: [UInt8], file: String) throws(HabitError) {
        let document = try MachineFile.parse(bytes, file: file)
        func refuse(_ path: [String], _ what: String) -> HabitError {
            MachineFile.refusal(.syntax(what), at: path, in: document, file: file)
        }
        for key in document.root.keys where key != "device" && key != "token" {
            throw refuse([key], "habit serve's state file holds [[device]] and [[token]] tables only, not “\(key)”")
        }
        for (index, value) in (document.root["device"]?.arrayValue ?? []).enumerated() {
            guard let table = value.tableValue, let name = table["name"]?.stringValue, let hash = table["hash"]?.stringValue,
                  let created = table["created"]?.integerValue, let seen = table["last-seen"]?.integerValue else {
                throw refuse(["device"], "device \(index + 1) needs name, hash, created and last-seen")
            }
            devices.append(Device(name: name, hash: hash, created: Int(created), lastSeen: Int(seen)))
        }
        for (index, value) in (document.root["token"]?.arrayValue ?? []).enumerated() {
            guard let table = value.tableValue, let name = table["name"]?.stringValue, let hash = table["hash"]?.stringValue,
                  let created = table["created"]?.integerValue else {
                throw refuse(["token"], "token \(index + 1) needs name, hash and created")
            }
            let scope = Scope(readOnly: table["read-only"]?.boolValue ?? false, tracker: table["tracker"]?.stringValue)
            tokens.append(Token(name: name, hash: hash, scope: scope, created: Int(created), lastUsed: table["last-used"]?.integerValue.map { Int($0) },
                                isFeed: table["feed"]?.boolValue ?? false))
        }
    }
}
