import Testing
@testable import HabitCLI

/// Every view fits the terminal it is drawn on, from 40 columns up (issue 11): the year graph shows
/// the latest weeks, the week grid closes up and cuts names, legends and long values wrap.
@Suite struct NarrowTerminalTests {
    @Test(arguments: [40, 52, 64, 80, 100])
    func everyLineFits(width: Int) throws {
        let habit = try Harness()
        for command in [["week"], ["cal"], ["cal", "--year"], ["cal", "--year", "--tracker", "read"], ["show", "read"], ["show", "dentist"],
                        ["stats"], ["list"], ["list", "--spark"], ["show", "read", "--by", "week"], ["show", "water", "--by", "year"], ["week", "--date", "2026-11-01"]] {
            let outcome = habit.run(command, environment: ["COLUMNS": String(width)])
            #expect(outcome.code == 0, "\(command): \(outcome.err)")
            for line in outcome.out.split(separator: "\n") {
                #expect(TerminalText.width(String(line)) <= width, "habit \(command.joined(separator: " ")) at \(width) columns: \(line)")
            }
        }
    }
}
