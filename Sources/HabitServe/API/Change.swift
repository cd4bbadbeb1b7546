import FoundationEssentials

/// One change of `POST /api/v1/changes` (docs/openapi.yaml): an id made on the device, a kind, and
/// the state it sets (never a toggle), so that sending it twice leaves the same files.
struct Change: Decodable, Sendable {
    enum Kind: String, Decodable, Sendable, Hashable {
        case mark, pin, archive, delete
        case trackerAdd = "tracker.add", trackerEdit = "tracker.edit"
        case categoryAdd = "category.add", categoryRename = "category.rename", categoryDelete = "category.delete"
    }

    let id: String
    let kind: Kind
    let tracker: String?
    let date: String?
    /// A mark's state: done, undone, skip, slip, unslip.
    let state: String?
    /// A numeric habit's total for the day (with `done`).
    let amount: Double?
    let pinned: Bool?
    let archived: Bool?
    /// A category's name (new, or the new name of `category`).
    let name: String?
    /// The category renamed or deleted.
    let category: String?
    /// A tracker form's fields as the web form posts them (tracker.add, tracker.edit).
    let fields: [String: String]?

    /// The properties each kind uses (docs/openapi.yaml, `Change`), besides `id` and `kind`.
    static let properties: [Kind: Set<String>] = [
        .mark: ["tracker", "date", "state", "amount"], .pin: ["tracker", "pinned"], .archive: ["tracker", "archived"],
        .delete: ["tracker"], .trackerAdd: ["fields"], .trackerEdit: ["tracker", "fields"],
        .categoryAdd: ["name"], .categoryRename: ["category", "name"], .categoryDelete: ["category"],
    ]

    /// The first property given that the change's kind does not use (an `amount` on an `archive`):
    /// such a change is refused, not applied with the property ignored, since the device that
    /// sent it meant something the server would not do. A property given as `null` is left out.
    var unusedProperty: String? {
        let given: [(String, Bool)] = [
            ("tracker", tracker != nil), ("date", date != nil), ("state", state != nil), ("amount", amount != nil),
            ("pinned", pinned != nil), ("archived", archived != nil), ("name", name != nil), ("category", category != nil),
            ("fields", fields != nil),
        ]
        let used = Self.properties[kind] ?? []
        return given.first { $0.1 && !used.contains($0.0) }?.0
    }

    /// An id is what the device made: a UUID, or any short text of letters, digits and `-_.:`.
    static func isValid(id: String) -> Bool {
        (1...100).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "-_.:".utf8.contains(byte)
        }
    }
}

/// The body of `POST /api/v1/changes`. A change the server cannot read (an unknown kind) is kept
/// as nil, and answered "refused" under its id when it has one.
struct ChangeBatch: Decodable {
    struct Entry: Decodable {
        let change: Change?
        let id: String?

        private enum Keys: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            change = try? Change(from: decoder)
            id = try? decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .id)
        }
    }

    let changes: [Entry]

    /// Changes in one request at most: the page sends its outbox in slices of this many.
    static let limit = 100
}
