import Testing

/// The case reader is strict: what it does not know fails the case with its line, rather than
/// being ignored (a misspelt directive would otherwise test nothing).
@Suite struct CaseReaderTests {
    static func problem(_ text: String) -> String? {
        CaseFile(path: "x/y.case", text: text).problem
    }

    @Test(arguments: [
        ("# A case.\n@fixtur examples\n$ habit list\n>= 0\n", "x/y.case:2: unknown directive or line `@fixtur examples`"),
        ("@fixture plenty\n$ habit list\n>= 0\n", "x/y.case:1: @fixture is examples, empty, git or none, not plenty"),
        ("@terminal yes\n$ habit list\n>= 0\n", "x/y.case:1: unknown directive or line `@terminal yes`"),
        ("@file habit.toml\nx = 1\n$ habit list\n>= 0\n", "x/y.case:1: no @end closes this block"),
        ("@setup rm -rf x\n$ habit list\n>= 0\n", "x/y.case:1: @setup runs habit or git, not rm"),
        ("$ habit list\n>\nToday\n", "x/y.case:3: the last command has no `>= STATUS` line"),
        ("$ habit list\nToday\n>= 0\n", "x/y.case:2: expected <, >, >2 or >= after the command, found `Today`"),
        ("$ habit list\n>= zero\n", "x/y.case:2: the status is a number: `>= zero`"),
        ("$ habit list\n>= 0\nstray\n", "x/y.case:3: expected `$ habit …` or `@expect-file PATH`, found `stray`"),
        ("$ git status\n>= 0\n", "x/y.case:1: expected `$ habit …` or `@expect-file PATH`, found `$ git status`"),
        ("$ habit list\n>= 0\n@expect-file habit.toml\nx\n", "x/y.case:3: no @end closes this block"),
        ("$ habit list\n>= 0\n@expect-files habit.toml\n@end\n", "x/y.case:3: unknown directive `@expect-files`"),
        ("$ habit list\n>= 0\n@expect-file habit.toml\n@end\n$ habit list\n>= 0\n", "x/y.case:5: only @expect-file blocks follow the first @expect-file"),
        ("# Nothing to run.\n", "x/y.case:1: no `$ habit …` command"),
    ])
    func refuses(_ text: String, _ expected: String) {
        #expect(Self.problem(text) == expected)
    }

    @Test func readsSeveralCommandsAndExpectedFiles() throws {
        let text = """
            # Two commands and a file.
            @env LANG=ru_RU.UTF-8
            $ habit done read
            >
            Done.
            >= 0
            # Then again.
            $ habit done "Read 20 pages"
            <
            y
            >2
            Already.
            >= 1
            @expect-file trackers/read.toml
            name = "Read"

            @end
            @expect-file $ROOT/empty
            @end

            """
        let example = CaseFile(path: "x/y.case", text: text)
        #expect(example.problem == nil)
        #expect(example.commands == [
            CaseFile.Command(arguments: ["done", "read"], stdout: "Done.\n"),
            CaseFile.Command(preface: ["# Then again."], arguments: ["done", "Read 20 pages"], input: ["y"], stderr: "Already.\n", status: 1),
        ])
        #expect(example.expectedFiles.map(\.path) == ["trackers/read.toml", "$ROOT/empty"])
        #expect(example.expectedFiles.map(\.content) == ["name = \"Read\"\n\n", ""])
        // Rewriting with the same outcomes gives the file back as written.
        let outcomes = example.commands.map { CaseFile.Outcome(stdout: $0.stdout, stderr: $0.stderr, status: $0.status) }
        #expect(example.rewritten(outcomes, files: example.expectedFiles.map(\.content)) == text)
    }

    @Test func updateCasesNamesPathsNotEverything() {
        #expect(CaseFile.isNamed("done/today.case", by: ["done/today.case"]))
        #expect(CaseFile.isNamed("ru/done/today.case", by: ["add/x.case", "ru/done/*.case"]))
        #expect(!CaseFile.isNamed("done/today.case", by: ["1"]), "UPDATE_CASES=1 names no case")
        #expect(!CaseFile.isNamed("ru/done/today.case", by: ["done/*.case"]))
    }
}
