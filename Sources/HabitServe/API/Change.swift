import FoundationEssentials

/// One change of `POST /api/v1/changes` (docs/openapi.yaml): an id made on the device, a kind, and
/// the state it sets (never a toggle), so that sending it twice leaves the same files.
struct Change: Decodable, Sendable {
    enum Kind: String, Decodable, Sendable {
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
