import Testing
@testable import HabitServe

/// The API's JSON strings: quote and backslash escaped, C0 controls as `\u00XX`, and `<` as
/// `\u003c`, so that no text closes a `<script>` the JSON is written into.
@Suite struct JSONValueTests {
    @Test func stringsEscapeQuotesControlsAndTheAngleBracket() {
        #expect(JSONValue.string("a\"b\\c</script>\n\u{1}é\u{7F}").text == #""a\"b\\c\u003c/script>\u000a\u0001é"# + "\u{7F}\"")
    }

    @Test func keysAreEscapedLikeValues() {
        let value = JSONValue.object([("k\"", .array([.string("<"), .number(1.5), .number(2), .null, .bool(true)]))])
        #expect(value.text == #"{"k\"":["\u003c",1.5,2,null,true]}"#)
    }
}
