import Testing
import TOML

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func missingValue() {
        let found = diagnostics("name = \"Run\"\ngoal =\n")
        #expect(found == [TOMLDiagnostic(line: 2, column: 7, offset: 19, message: "expected a value after `=`")])
    }

    @Test func duplicateKeyNamesTheFirstLine() {
        let found = diagnostics("# c\n\nname = 1\nname = 2\n")
        #expect(found.count == 1)
        #expect(found.first?.line == 4)
        #expect(found.first?.column == 1)
        #expect(found.first?.message == "duplicate key `name` (first defined on line 3)")
    }

    @Test func invalidDateExplainsWhy() {
        let found = diagnostics("[log]\n2026-02-30 = true\nday = 2026-02-30\n")
        #expect(found.map(\.message) == ["invalid date 2026-02-30: February 2026 has 28 days"])
        #expect(found.first?.line == 3)
        #expect(found.first?.column == 7)
        #expect(diagnostics("a = 2024-02-29\n").isEmpty)
        #expect(diagnostics("a = 2100-02-29\n").first?.message == "invalid date 2100-02-29: February 2100 has 28 days")
    }

    @Test func reportsEveryIndependentError() {
        let source = """
            a = 1
            b =
            c = "unterminated
            d = 2
            a = 3
            e = [1, 2
            f = 0x
            """
        let found = diagnostics(source)
        #expect(found.map(\.line) == [2, 3, 5, 6, 7])
        #expect(found[2].message == "duplicate key `a` (first defined on line 1)")
        #expect(found[3].message == "unterminated array: missing `]`")
    }

    @Test func columnsCountUnicodeScalars() {
        let found = diagnostics("\"ключ\" = \"é\" x\n")
        #expect(found.first?.column == 14)
        #expect(found.first?.offset == 18)
    }

    @Test func renderingShowsTheLineAndACaret() {
        let source = Array("[log]\n\t2026-11-02 = yes\n".utf8)
        guard case .failure(let failure) = TOMLDocument.parse(source) else {
            Issue.record("expected a failure")
            return
        }
        let rendered = failure.diagnostics[0].rendered(file: "trackers/run.toml", source: source)
        #expect(rendered == """
            trackers/run.toml:2:15: error: invalid value `yes`; strings must be quoted
            \t2026-11-02 = yes
            \t             ^
            """)
    }

    @Test func tableRedefinitions() {
        #expect(diagnostics("[a]\nx = 1\n[a]\n").first?.message == "table `a` is already defined on line 1")
        #expect(diagnostics("a = 1\n[a]\n").first?.message == "key `a` is already defined as an integer on line 1")
        #expect(diagnostics("a = [1]\n[[a]]\n").first?.message.contains("static array") == true)
    }

    @Test func deepNestingHitsTheDepthLimit() {
        let deep = "a = " + String(repeating: "[", count: 10_000) + "\n"
        let found = diagnostics(deep)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("nested too deeply") == true)
        let headers = String(repeating: "[", count: 10_000) + "\n"
        #expect(!diagnostics(headers).isEmpty)
        let tables = "a = " + String(repeating: "{b=", count: 10_000) + "\n"
        #expect(diagnostics(tables).first?.message.contains("nested too deeply") == true)
        let allowed = "a = " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        #expect(diagnostics(allowed).isEmpty)
    }

    @Test func invalidUTF8AndControlCharacters() {
        let bytes: [UInt8] = Array("a = \"".utf8) + [0xFF] + Array("\"\n# ok\nb = 1 # ".utf8) + [0xC3, 0x28] + [0x0A]
        guard case .failure(let failure) = TOMLDocument.parse(bytes) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.diagnostics.map(\.line) == [1, 3])
        #expect(failure.diagnostics.allSatisfy { $0.message.contains("UTF-8") })
        #expect(diagnostics("a = \"\u{0}\"").first?.message.contains("U+0000") == true)
        #expect(!diagnostics("a = 1\u{0}\n").isEmpty)
        #expect(!diagnostics("a = 1\rb = 2").isEmpty)
    }

    @Test func byteOrderMarkIsAllowedOnlyAtTheStart() throws {
        let document = try TOMLDocument(parsing: [0xEF, 0xBB, 0xBF] + Array("a = 1\n".utf8))
        #expect(document.root["a"] == 1)
        #expect(document.bytes.count == 9)
        #expect(!diagnostics("a = 1\n\u{FEFF}b = 2\n").isEmpty)
    }

    @Test func hostileInputNeverCrashes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("[]{}\"'=.,#\n\r\t \\0123abcxyz-+_:".utf8) + [0, 0xFF, 0xC3, 0xE2]
        for _ in 0..<500 {
            let length = Int.random(in: 0..<80, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            switch TOMLDocument.parse(bytes) {
            case .success(let document): #expect(document.bytes == bytes)
            case .failure(let failure): #expect(!failure.diagnostics.isEmpty)
            }
        }
    }
}
