import Testing
@testable import HabitInterchange

/// The feed's TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, a line break
/// written as `\n`, every other control dropped.
@Suite struct CalendarFeedEscapingTests {
    @Test func escapesWhatTextValuesReserve() {
        #expect(CalendarFeed.escaped(#"a\b;c,d"# + "\ne") == #"a\\b\;c\,d\ne"#)
    }

    @Test func dropsTheOtherControls() {
        #expect(CalendarFeed.escaped("a\r\nb\u{7}c\u{7F}d\té 🏋️") == #"a\nbcdé 🏋️"#)
    }
}
