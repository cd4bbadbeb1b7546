/// A git tree's body ("mode name\0" and 20 bytes of id, per entry), looked into and edited in
/// place: `DirectRepository` only ever rewrites files that exist, so an entry keeps its name,
/// kind and position and only its id changes.
struct TreeObject {
    var body: [UInt8]

    struct Entry {
        let mode: String
        let id: [UInt8]
        /// Where the id starts in the body.
        let idOffset: Int
    }

    /// The entry called `name`; nil when there is none or the body is malformed.
    func entry(named name: String) -> Entry? {
        let wanted = Array(name.utf8)
        var position = 0
        while position < body.count {
            guard let space = body[position...].firstIndex(of: 0x20),
                  let nul = body[space...].firstIndex(of: 0), nul + 21 <= body.count else { return nil }
            if body[(space + 1)..<nul].elementsEqual(wanted) {
                return Entry(mode: String(decoding: body[position..<space], as: UTF8.self),
                             id: Array(body[(nul + 1)..<(nul + 21)]), idOffset: nul + 1)
            }
            position = nul + 21
        }
        return nil
    }

    mutating func replaceID(of entry: Entry, with id: [UInt8]) {
        body.replaceSubrange(entry.idOffset..<(entry.idOffset + 20), with: id)
    }
}
