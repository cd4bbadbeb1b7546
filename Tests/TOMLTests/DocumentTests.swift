import Testing
import TOML

@Suite("Values and locations")
struct DocumentTests {
    static let source = """
        name = "Run"
        goal = 3
        ratio = 0.5
        days = ["mon", "wed"]
        since = 2026-11-02
        at = 07:30:00
        point = { x = 1, y = -2 }

        [log]
        2026-11-01 = true
        "2026-11-02" = false

        [[entry]]
        note = "first"
        [[entry]]
        note = "second"
        """

    @Test func typedValues() throws {
        let document = try TOMLDocument(parsing: Self.source)
        let root = document.root
        #expect(root.keys == ["name", "goal", "ratio", "days", "since", "at", "point", "log", "entry"])
        #expect(root["name"]?.stringValue == "Run")
        #expect(root["goal"]?.integerValue == 3)
        #expect(root["ratio"]?.doubleValue == 0.5)
        #expect(root["days"] == ["mon", "wed"])
        #expect(root["since"]?.localDateValue == TOMLLocalDate(year: 2026, month: 11, day: 2))
        #expect(root["at"]?.localTimeValue == TOMLLocalTime(hour: 7, minute: 30, second: 0))
        #expect(root["point"]?["y"] == -2)
        #expect(document.value(at: ["entry", "1", "note"]) == "second")
        let log = try #require(root["log"]?.tableValue)
        #expect(log.count == 2)
        #expect(log.index(forKey: "2026-11-02") == 1)
        var seen: [String] = []
        for (key, value) in log where value == true { seen.append(key) }
        #expect(seen == ["2026-11-01"])
    }

    @Test func locationsOfKeysAndValues() throws {
        let document = try TOMLDocument(parsing: Self.source)
        #expect(document.location(ofKeyAt: ["goal"]) == TOMLLocation(line: 2, column: 1, offset: 13))
        #expect(document.location(ofValueAt: ["goal"]) == TOMLLocation(line: 2, column: 8, offset: 20))
        #expect(document.location(ofValueAt: ["days", "1"])?.column == 16)
        #expect(document.location(ofValueAt: ["point", "y"])?.column == 22)
        #expect(document.location(ofKeyAt: ["log", "2026-11-02"])?.line == 11)
        #expect(document.location(ofValueAt: ["log"]) == document.location(ofKeyAt: ["log"]).map {
            TOMLLocation(line: $0.line, column: 1, offset: $0.offset - 1)
        })
        #expect(document.location(ofValueAt: ["entry", "1"])?.line == 15)
        #expect(document.location(ofValueAt: ["entry", "1", "note"])?.line == 16)
        #expect(document.location(ofValueAt: ["missing"]) == nil)
        #expect(document.location(ofValueAt: ["days", "7"]) == nil)
    }

    @Test func roundTripsByteForByte() throws {
        let source = "\u{FEFF}# c\r\n  a   =   1 # x\r\n\r\n[ t . 'q' ]\r\nb = \"\"\"\r\nline\r\n\"\"\"\r\n"
        let document = try TOMLDocument(parsing: source)
        #expect(document.text == source)
        #expect(document.value(at: ["t", "q", "b"]) == "line\r\n")
    }

    @Test func dateTimeTypes() throws {
        let document = try TOMLDocument(parsing: "a = 1979-05-27T07:32:00.999999-07:00\nb = 1979-05-27 07:32:00\nc = 1979-05-27T00:32:00z\n")
        let a = try #require(document.root["a"]?.offsetDateTimeValue)
        #expect(a.offsetMinutes == -420)
        #expect(a.time.nanosecond == 999_999_000)
        #expect(a.description == "1979-05-27T07:32:00.999999-07:00")
        #expect(document.root["b"]?.localDateTimeValue?.description == "1979-05-27T07:32:00")
        #expect(document.root["c"]?.offsetDateTimeValue?.description == "1979-05-27T00:32:00Z")
        #expect(TOMLLocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(TOMLLocalDate(year: 2028, month: 2, day: 29) != nil)
    }

    @Test func taggedJSON() throws {
        let document = try TOMLDocument(parsing: "a = [1, \"x\\n\"]\n[t]\nf = nan\n")
        #expect(document.root.taggedJSON() == #"{"a": [{"type": "integer", "value": "1"}, {"type": "string", "value": "x\n"}], "t": {"f": {"type": "float", "value": "nan"}}}"#)
    }
}
