import Testing
import TOML

@Suite("Minimal edits")
struct EditTests {
    static let habit = """
        # Morning run
        name = "Run"   # shown in reports
        days = ["mon", "wed"]
        goal = 3

        [log]
        # newest last
        2026-11-01 = true
        2026-11-02 = false

        # Notes follow
        [notes]
          first = "x"
        """ + "\n"

    @Test func removingATableRemovesEveryPlaceThatDefinesIt() throws {
        // Found by the fuzz smoke: `a` is made by a dotted key and by a header below it.
        var document = try TOMLDocument(parsing: "a.b.ca = 1\nkeep = true\n[a.b.c.d]\nx = 1\n[other]\ny = 2\n")
        try document.removeValue(at: ["a"])
        #expect(document.root["a"] == nil)
        #expect(document.text == "keep = true\n[other]\ny = 2\n")
    }

    @Test func replacingAValueChangesOnlyThatLine() throws {
        var document = try parse(Self.habit)
        try document.setValue("Morning run", at: ["name"])
        let diff = lineDiff(Self.habit, document.text)
        #expect(diff.removed == [#"name = "Run"   # shown in reports"#])
        #expect(diff.added == [#"name = "Morning run"   # shown in reports"#])
        #expect(document.root["name"] == "Morning run")
    }

    @Test func addingALogLineChangesOnlyOneLine() throws {
        var document = try parse(Self.habit)
        let date = try #require(TOMLLocalDate(year: 2026, month: 11, day: 3))
        try document.setValue(.boolean(true), at: ["log", date.description])
        let diff = lineDiff(Self.habit, document.text)
        #expect(diff.removed.isEmpty)
        #expect(diff.added == ["2026-11-03 = true"])
        // It lands after the last key line of [log], before the comment of the next header.
        #expect(document.text.contains("2026-11-02 = false\n2026-11-03 = true\n\n# Notes follow"))
    }

    @Test func insertingAtAnIndexKeepsTheLogSorted() throws {
        var document = try parse(Self.habit)
        try document.insertValue(true, forKey: "2026-10-31", inTable: ["log"], at: 0)
        #expect(document.text.contains("# newest last\n2026-10-31 = true\n2026-11-01 = true\n"))
        #expect(document.root["log"]?.tableValue?.keys == ["2026-10-31", "2026-11-01", "2026-11-02"])
        #expect(throws: TOMLEditError.self) {
            try document.insertValue(true, forKey: "2026-10-31", inTable: ["log"], at: 0)
        }
    }

    @Test func newKeysCopyTheIndentationOfTheirNeighbours() throws {
        var document = try parse(Self.habit)
        try document.setValue("y", at: ["notes", "second"])
        #expect(document.text.hasSuffix("  first = \"x\"\n  second = \"y\"\n"))
    }

    @Test func rootKeysGoAfterTheLastRootKey() throws {
        var document = try parse(Self.habit)
        try document.setValue(.localDate(TOMLLocalDate(year: 2026, month: 1, day: 1)!), at: ["since"])
        let diff = lineDiff(Self.habit, document.text)
        #expect(diff.added == ["since = 2026-01-01"])
        #expect(document.text.contains("goal = 3\nsince = 2026-01-01\n\n[log]"))
    }

    @Test func rootKeyInAFileWithoutRootKeysGoesAboveTheFirstHeader() throws {
        var document = try parse("# file comment\n\n# about log\n[log]\na = 1\n")
        try document.setValue(1, at: ["version"])
        #expect(document.text == "# file comment\n\nversion = 1\n\n# about log\n[log]\na = 1\n")
    }

    @Test func missingTablesAreCreatedAtTheEnd() throws {
        var document = try parse(Self.habit)
        try document.setValue(5, at: ["streak", "best"])
        #expect(document.text == Self.habit + "\n[streak]\nbest = 5\n")
        var empty = TOMLDocument()
        try empty.setValue("x", at: ["a", "b", "c"])
        #expect(empty.text == "[a.b]\nc = \"x\"\n")
    }

    @Test func removingAKeyRemovesItsWholeLineOnly() throws {
        var document = try parse(Self.habit)
        try document.removeValue(at: ["name"])
        let diff = lineDiff(Self.habit, document.text)
        #expect(diff.removed == [#"name = "Run"   # shown in reports"#])
        #expect(diff.added.isEmpty)
        try document.removeValue(at: ["log", "2026-11-01"])
        #expect(document.root["log"]?.tableValue?.keys == ["2026-11-02"])
        #expect(throws: TOMLEditError.self) { try document.removeValue(at: ["nope"]) }
    }

    @Test func removingATableRemovesItsSection() throws {
        var document = try parse("a = 1\n\n[t]\nx = 1\n\n[t.sub]\ny = 2\n\n[u]\nz = 3\n")
        try document.removeValue(at: ["t"])
        #expect(document.text == "a = 1\n\n\n\n[u]\nz = 3\n")
        #expect(document.root["t"] == nil)
    }

    @Test func appendingToAnInlineArrayKeepsItsStyle() throws {
        var document = try parse(Self.habit)
        try document.appendElement("fri", toArrayAt: ["days"])
        #expect(lineDiff(Self.habit, document.text).added == [#"days = ["mon", "wed", "fri"]"#])

        var compact = try parse("a = [1,2]\nb = []\nc = [ 1, ]\n")
        try compact.appendElement(3, toArrayAt: ["a"])
        try compact.appendElement(1, toArrayAt: ["b"])
        try compact.appendElement(2, toArrayAt: ["c"])
        #expect(compact.text == "a = [1,2,3]\nb = [1]\nc = [ 1, 2, ]\n")
    }

    @Test func appendingToAMultiLineArrayAddsAnIndentedLine() throws {
        let source = "days = [\n    \"mon\",  # first\n    \"wed\",\n]\nlist = [\n  1,\n  2 # two\n]\n"
        var document = try parse(source)
        try document.appendElement("fri", toArrayAt: ["days"])
        try document.appendElement(3, toArrayAt: ["list"])
        #expect(document.text == "days = [\n    \"mon\",  # first\n    \"wed\",\n    \"fri\",\n]\nlist = [\n  1,\n  2, # two\n  3\n]\n")
    }

    @Test func removingArrayElements() throws {
        var document = try parse("a = [1, 2, 3]\nb = [\n  1,\n  2,\n]\nc = [1]\n")
        try document.removeElement(at: 1, fromArrayAt: ["a"])
        #expect(document.text.hasPrefix("a = [1, 3]\n"))
        try document.removeElement(at: 1, fromArrayAt: ["a"])
        try document.removeElement(at: 0, fromArrayAt: ["b"])
        try document.removeElement(at: 0, fromArrayAt: ["c"])
        #expect(document.text == "a = [1]\nb = [\n  2,\n]\nc = []\n")
        #expect(throws: TOMLEditError.self) { try document.removeElement(at: 5, fromArrayAt: ["a"]) }
    }

    @Test func crlfFilesStayCRLF() throws {
        let source = "a = 1\r\n\r\n[log]\r\n2026-11-01 = true\r\n"
        var document = try parse(source)
        try document.setValue(true, at: ["log", "2026-11-02"])
        try document.setValue("x", at: ["new", "k"])
        #expect(document.text == "a = 1\r\n\r\n[log]\r\n2026-11-01 = true\r\n2026-11-02 = true\r\n\r\n[new]\r\nk = \"x\"\r\n")
    }

    @Test func valuesAreSerialisedCanonically() throws {
        var document = try parse("")
        try document.setValue("quote \" back \\ tab\t nul\u{0}", at: ["s"])
        try document.setValue(1.0, at: ["f"])
        try document.setValue(.float(.infinity), at: ["inf"])
        try document.setValue(["mon", "wed"], at: ["days"])
        try document.setValue(["a": 1], at: ["t"])
        try document.setValue("x", at: ["needs quoting"])
        #expect(document.text == """
            s = "quote \\" back \\\\ tab\\t nul\\u0000"
            f = 1.0
            inf = inf
            days = ["mon", "wed"]
            t = { a = 1 }
            "needs quoting" = "x"

            """)
    }

    @Test func editsInsideInlineTablesAndDottedKeys() throws {
        var document = try parse("point = { x = 1, y = 2 }\nfruit.apple.color = \"red\"\n")
        try document.setValue(5, at: ["point", "x"])
        try document.setValue(3, at: ["point", "z"])
        try document.setValue(true, at: ["fruit", "apple", "ripe"])
        #expect(document.text == "point = { x = 5, y = 2, z = 3 }\nfruit.apple.color = \"red\"\nfruit.apple.ripe = true\n")
        try document.removeValue(at: ["point", "y"])
        #expect(document.root["point"] == ["x": 5, "z": 3])
    }

    @Test func invalidEditsThrowAndLeaveTheDocumentAlone() throws {
        var document = try parse("a = 1\n[t]\nb = 2\n")
        #expect(throws: TOMLEditError.self) { try document.setValue(1, at: ["a", "b"]) }
        #expect(throws: TOMLEditError.self) { try document.appendElement(1, toArrayAt: ["a"]) }
        #expect(throws: TOMLEditError.self) { try document.removeElement(at: 0, fromArrayAt: ["missing"]) }
        #expect(throws: TOMLEditError.self) { try document.setValue(1, at: ["t"]) }
        #expect(document.text == "a = 1\n[t]\nb = 2\n")
    }

    @Test func arraysOfTables() throws {
        var document = try parse("[[habit]]\nname = \"run\"\n\n[[habit]]\nname = \"read\"\n")
        try document.setValue(2, at: ["habit", "1", "goal"])
        try document.appendElement(["name": "swim"], toArrayAt: ["habit"])
        #expect(document.text == "[[habit]]\nname = \"run\"\n\n[[habit]]\nname = \"read\"\ngoal = 2\n\n[[habit]]\nname = \"swim\"\n")
        try document.removeElement(at: 0, fromArrayAt: ["habit"])
        #expect(document.root["habit"]?.arrayValue?.count == 2)
        #expect(document.root["habit"]?[0]?["name"] == "read")
    }

    @Test func serializeWritesRootKeysThenTables() {
        let table: TOMLTable = [
            "name": "Run",
            "log": ["2026-11-02": true],
            "days": ["mon"],
            "habit": [["a": 1], ["a": 2]],
        ]
        let text = TOMLDocument.serialize(table)
        #expect(text == "name = \"Run\"\ndays = [\"mon\"]\n\n[log]\n2026-11-02 = true\n\n[[habit]]\na = 1\n\n[[habit]]\na = 2\n")
        #expect((try? TOMLDocument(parsing: text))?.root == table)
    }
}
