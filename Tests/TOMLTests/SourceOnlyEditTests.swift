import Testing
import TOML

/// `sourceInsertingValue` and `sourceRemovingValue` give exactly the bytes of `insertValue` and
/// `removeValue` (which parse the result), or nil where they cannot vouch for the shape.
@Suite("Edits made on the source alone")
struct SourceOnlyEditTests {
    static let shapes: [String] = [
        // The usual log, one key per day.
        "name = \"Run\"\n\n[log]\n2026-11-01 = true\n2026-11-02 = false\n",
        // Comments, blank lines, indentation and a trailing comment.
        "name = \"Run\"\n\n[log]\n  # newest last\n  2026-11-01 = true  # first\n\n  2026-11-03 = { value = 2 }\n\n[notes]\na = 1\n",
        // CRLF, and no newline at the end.
        "name = \"Run\"\r\n[log]\r\n2026-11-01 = true\r\n2026-11-02 = 3",
        // An empty section, followed by another.
        "[log]\n\n[other]\nx = 1\n",
        // A section whose last key line is a multi-line value.
        "[log]\n2026-11-01 = \"\"\"\nline\n\"\"\"\n2026-11-02 = [\n  1,\n  2,\n]\n",
        // Tabs.
        "[log]\n\t2026-11-01 = true\n",
    ]

    @Test(arguments: shapes)
    func insertingGivesTheBytesOfInsertValue(text: String) throws {
        let document = try parse(text)
        let count = document.root["log"]?.tableValue?.count ?? 0
        for position in 0...count + 1 {
            for (key, value) in [("2026-10-31", TOMLValue.boolean(true)), ("2026-11-05", .float(2.5)), ("a key", .string("x\ny"))] {
                var edited = document
                try edited.insertValue(value, forKey: key, inTable: ["log"], at: position)
                let source = try #require(document.sourceInsertingValue(value, forKey: key, inTable: ["log"], at: position))
                #expect(source == edited.bytes, "\(key) at \(position)")
            }
        }
    }

    @Test(arguments: shapes)
    func removingGivesTheBytesOfRemoveValue(text: String) throws {
        let document = try parse(text)
        for key in document.root["log"]?.tableValue?.keys ?? [] {
            var edited = document
            try edited.removeValue(at: ["log", key])
            let source = try #require(document.sourceRemovingValue(at: ["log", key]))
            #expect(source == edited.bytes, "\(key)")
        }
    }

    @Test func shapesItCannotVouchForAreLeftToTheFullEdit() throws {
        let document = try parse("""
            root = 1
            a.b = 2
            inline = { x = 1 }
            "quoted" = 3

            [log]
            2026-11-01 = true
            d.e = 1
            "2026-11-02" = true

            [log.sub]
            y = 1

            [[many]]
            z = 1

            """)
        // The root table, a dotted table, an inline table, an array of tables, a key that exists
        // (also as a sub-table), a table that does not exist.
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: [], at: 0) == nil)
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: ["a"], at: 0) == nil)
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: ["inline"], at: 0) == nil)
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: ["many"], at: 0) == nil)
        #expect(document.sourceInsertingValue(1, forKey: "2026-11-01", inTable: ["log"], at: 0) == nil)
        #expect(document.sourceInsertingValue(1, forKey: "sub", inTable: ["log"], at: 0) == nil)
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: ["missing"], at: 0) == nil)
        // A root key, a dotted key, a quoted key, a key inside an inline table, a table, a missing key.
        #expect(document.sourceRemovingValue(at: ["root"]) == nil)
        #expect(document.sourceRemovingValue(at: ["log", "d", "e"]) == nil)
        #expect(document.sourceRemovingValue(at: ["log", "2026-11-02"]) == nil)
        #expect(document.sourceRemovingValue(at: ["inline", "x"]) == nil)
        #expect(document.sourceRemovingValue(at: ["log", "sub"]) == nil)
        #expect(document.sourceRemovingValue(at: ["log", "2026-12-01"]) == nil)
        // The plain shapes of the same document are vouched for.
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: ["log"], at: 1) != nil)
        #expect(document.sourceInsertingValue(1, forKey: "k", inTable: ["log", "sub"], at: 0) != nil)
        #expect(document.sourceRemovingValue(at: ["log", "2026-11-01"]) != nil)
        #expect(document.sourceRemovingValue(at: ["log", "sub", "y"]) != nil)
    }

    /// Every result parses, as the same table plus or minus the one key.
    @Test(arguments: shapes)
    func resultsParseAsTheEditedTable(text: String) throws {
        let document = try parse(text)
        let inserted = try parse(String(decoding: try #require(document.sourceInsertingValue(true, forKey: "2027-01-01", inTable: ["log"], at: 1)), as: UTF8.self))
        var expected = document
        try expected.insertValue(true, forKey: "2027-01-01", inTable: ["log"], at: 1)
        #expect(inserted.root == expected.root)
    }
}
