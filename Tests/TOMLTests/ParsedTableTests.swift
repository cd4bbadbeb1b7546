import Testing
import TOML

/// A parsed table keeps its bare keys where they are written and makes Strings only when asked
/// or edited; these tests hold it to what a table of Strings gives.
@Suite("Parsed tables")
struct ParsedTableTests {
    /// Keys are scanned eight bytes at a time: every byte, at every position of a word, must end a
    /// bare key exactly when it is not A-Za-z0-9_-.
    /// `firstSlot(whereKey:)` finds what searching `keys` finds, on a parsed table (keys in the
    /// source, quoted ones among them) and on one built in memory.
    @Test func theFirstSlotByKeyBytesIsTheFirstByKey() throws {
        let parsed = try parse("b = 1\n\"é\" = 2\nc-d = 3\n\"\" = 4\n").root
        let built: TOMLTable = ["b": 1, "é": 2, "c-d": 3, "": 4]
        let bare = try parse("b = 1\nc-d = 3\nx = 4\n").root
        #expect(bare.firstSlot { $0.count > 1 } == 1)
        #expect(bare.firstSlot { $0.first == UInt8(ascii: "x") } == 2)
        #expect(bare.firstSlot { $0.isEmpty } == nil)
        for table in [parsed, built] {
            for wanted in ["b", "é", "c-d", "", "missing"] {
                let found = table.firstSlot { String(decoding: $0, as: UTF8.self) == wanted }
                #expect(found == table.keys.firstIndex(of: wanted), "\(wanted)")
            }
            #expect(table.firstSlot { $0.count > 1 } == 1)
        }
    }

    @Test func bareKeysEndWhereTheirBytesStopBeingBare() throws {
        for byte in UInt8.min...UInt8.max {
            let isBare = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || (0x30...0x39).contains(byte)
                || byte == 0x5F || byte == 0x2D
            for position in 0..<12 {
                var key = [UInt8](repeating: 0x6B, count: 12)
                key[position] = byte
                let result = TOMLDocument.parse(key + Array(" = 1\n".utf8))
                let whole = String(decoding: key, as: UTF8.self)
                if isBare {
                    let document = try result.get()
                    #expect(document.root.keys == [whole], "byte \(byte) at \(position)")
                    #expect(document.root[whole] == .integer(1))
                } else if case .success(let document) = result {
                    #expect(!document.root.keys.contains(whole), "byte \(byte) at \(position)")
                }
            }
        }
    }

    @Test func quotedAndBareKeysKeepTheirOrder() throws {
        let document = try TOMLDocument(parsing: "a = 1\n\"b c\" = 2\nd = 3\n'e' = 4\n")
        let root = document.root
        #expect(root.keys == ["a", "b c", "d", "e"])
        #expect(root.count == 4)
        #expect((0..<root.count).map(root.key(at:)) == root.keys)
        #expect(root.map(\.key) == root.keys)
        #expect(root["b c"] == .integer(2) && root["e"] == .integer(4) && root["d"] == .integer(3))
        #expect(root == ["e": 4, "d": 3, "b c": 2, "a": 1])
    }

    @Test func editsAfterParsingSeeEveryKey() throws {
        var table = try TOMLDocument(parsing: "2026-01-01 = true\n2026-01-02 = \"skip\"\nz = 1\n").root
        table["2026-01-03"] = true
        table["z"] = nil
        table.insert(false, forKey: "2025-12-31", at: 0)
        #expect(table.keys == ["2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03"])
        #expect(table["2026-01-02"] == "skip")
        #expect(table.removeValue(forKey: "2026-01-01") == true)
        #expect(table.keys == ["2025-12-31", "2026-01-02", "2026-01-03"])
        #expect(table.index(forKey: "2026-01-03") == 2)
    }

    @Test(arguments: [
        ("a = 1\na = 2\n", "2:1: error: duplicate key `a` (first defined on line 1)"),
        ("\"a\" = 1\na = 2\n", "2:1: error: duplicate key `a` (first defined on line 1)"),
        ("a = 1\n\"a\" = 2\n", "2:1: error: duplicate key `a` (first defined on line 1)"),
        ("[t]\nx = 1\n[t]\n", "3:2: error: table `t` is already defined on line 1"),
    ])
    func duplicatesAreFoundWhateverTheKeysLookLike(source: String, expected: String) {
        guard case .failure(let failure) = TOMLDocument.parse(source) else {
            Issue.record("\(source) parsed")
            return
        }
        #expect(failure.diagnostics.map(\.description) == [expected])
    }

    /// A table created by a dotted header and defined later by a header that quotes its name.
    @Test func aTableDefinedByAQuotedHeaderKeepsItsName() throws {
        let document = try TOMLDocument(parsing: "[a.b.c]\nx = 1\n[\"a\"]\ny = 2\n[a.\"b\"]\nz = 3\n")
        #expect(document.root.keys == ["a"])
        #expect(document.root["a"]?.tableValue?.keys == ["b", "y"])
        #expect(document.value(at: ["a", "b", "z"]) == 3)
        #expect(document.value(at: ["a", "b", "c", "x"]) == 1)
    }

    @Test func offsetsAreTheLocationsOffsets() throws {
        let source = "# top\nname = \"Run\"\n[log]\n2026-01-01 = true\n  2026-01-02 = 3 # note\n[[a]]\nb.c = 1\n"
        let document = try TOMLDocument(parsing: source)
        for path in [["name"], ["log"], ["log", "2026-01-01"], ["log", "2026-01-02"], ["a"], ["a", "0", "b", "c"]] {
            #expect(document.offset(ofKeyAt: path) == document.location(ofKeyAt: path)?.offset, "\(path)")
            #expect(document.offset(ofValueAt: path) == document.location(ofValueAt: path)?.offset, "\(path)")
        }
        #expect(document.location(ofKeyAt: ["log", "2026-01-02"]) == TOMLLocation(line: 5, column: 3, offset: 45))
        #expect(document.offset(ofKeyAt: ["missing"]) == nil)
    }

    /// Sections are sized from their lines up to the next line that starts with `[`, which may be
    /// inside a multi-line array: a wrong guess only costs growth, never an entry.
    @Test func sectionsHoldEveryEntryWhateverTheirSizeGuess() throws {
        var source = "x = [\n[1],\n]\n[log]\n"
        for day in 1...28 { source += "2026-02-\(day < 10 ? "0" : "")\(day) = true\n" }
        source += "y = [\n[2],\n]\n"
        for day in 1...9 { source += "2026-03-0\(day) = false\n" }
        source += "[next]\nz = 1"
        let document = try TOMLDocument(parsing: source)
        #expect(document.root["log"]?.tableValue?.count == 38)
        #expect(document.value(at: ["log", "2026-03-09"]) == false)
        #expect(document.value(at: ["next", "z"]) == 1)
        #expect(document.text == source)
    }
}
