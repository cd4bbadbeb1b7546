import Testing
@testable import HabitCLI

@Suite struct ProseWrappingTests {
    @Test func longLinesBreakBetweenWordsAndIndentedLinesStay() {
        let text = "one two three four five six seven eight nine ten\n  habit add \"Morning run\" --category Health --days mon\n\nshort"
        #expect(ProseWrapping.wrap(text, width: 24) == """
            one two three four five
            six seven eight nine ten
              habit add "Morning run" --category Health --days mon

            short
            """)
    }

    @Test func aWordLongerThanTheWidthStaysWhole() {
        #expect(ProseWrapping.wrap("see /a/very/long/path/that/does/not/fit here", width: 22) == "see\n/a/very/long/path/that/does/not/fit\nhere")
    }

    @Test func aQuotedExampleIsNeverSplitAcrossLines() {
        #expect(ProseWrapping.wrap("use daily, \"3 per week\", \"10 per month\" or \"every 2 days\".", width: 30)
                == "use daily, \"3 per week\",\n\"10 per month\" or\n\"every 2 days\".")
        // An unclosed quote does not glue the rest of the line into one word.
        #expect(ProseWrapping.wrap("a \"b c d e f g h i j k l m n o p q r s", width: 22) == "a \"b c d e f g h i j k\nl m n o p q r s")
    }

    @Test func aShortAsideInParenthesesStaysTogether() {
        #expect(ProseWrapping.wrap("use today, yesterday, tomorrow, -3 (days ago), a weekday name", width: 38)
                == "use today, yesterday, tomorrow,\n-3 (days ago), a weekday name")
        // A long aside breaks like any other words, and so does an unclosed one.
        #expect(ProseWrapping.wrap("one (two three four five six) seven", width: 22) == "one (two three four\nfive six) seven")
        #expect(ProseWrapping.wrap("one (two three four five six seven", width: 22) == "one (two three four\nfive six seven")
    }

    @Test func wideCharactersCountTwice() {
        #expect(ProseWrapping.wrap("日本語 日本語 日本語 日本語", width: 22) == "日本語 日本語 日本語\n日本語")
    }
}
