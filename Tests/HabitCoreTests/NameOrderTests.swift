import Testing
@testable import HabitCore

@Suite struct NameOrderTests {
    @Test func readsDigitRunsAsNumbers() {
        let names = ["Tracker 10", "Tracker 2", "tracker 1", "Tracker 02b", "Tracker 100", "Tracker"]
        #expect(names.sorted { NameOrder.precedes($0, $1) } == ["Tracker", "tracker 1", "Tracker 2", "Tracker 02b", "Tracker 10", "Tracker 100"])
    }

    @Test func ignoresCaseAndAccentsAsSearchDoes() {
        let names = ["zebra", "Éclair", "apple", "Ändern", "eclipse", "Ёлка", "дом"]
        #expect(names.sorted { NameOrder.precedes($0, $1) } == ["Ändern", "apple", "Éclair", "eclipse", "zebra", "дом", "Ёлка"])
    }

    @Test func equalNamesFallBackToTheTextSoTheOrderIsTotal() {
        #expect(NameOrder.precedes("Run", "run"))
        #expect(!NameOrder.precedes("run", "Run"))
        #expect(NameOrder.precedes("07", "7"))
        #expect(!NameOrder.precedes("same", "same"))
        #expect(NameOrder.compare("007", "7") == 0)
        #expect(NameOrder.compare("a 9", "a 10") == -1)
        #expect(NameOrder.compare("a9", "a") == 1)
    }

    @Test func trackersWithTheSameNameGoByID() {
        let start = CivilDate(year: 2026, month: 1, day: 1)!
        let b = Tracker(id: "b", name: "Read", category: "c", schedule: .event, start: start)
        let a = Tracker(id: "a", name: "Read", category: "c", schedule: .event, start: start)
        let c = Tracker(id: "0", name: "Read 3", category: "c", schedule: .event, start: start)
        #expect([c, b, a].sorted { NameOrder.precedes($0, $1) }.map(\.id) == ["a", "b", "0"])
    }

    @Test func sortedFoldsOnceAndAgreesWithPrecedes() {
        let names = ["Tracker 10", "tracker 9", "Éclair", "eclair", "Eclair", "a 007", "a 7", "Zeta", "ёж", "ель"]
        #expect(NameOrder.sorted(names) == names.sorted { NameOrder.precedes($0, $1) })
        #expect(NameOrder.sorted(names).prefix(2) == ["a 007", "a 7"])
    }

    @Test func dayViewOrderIsCategoriesThenNames() {
        let start = CivilDate(year: 2026, month: 1, day: 1)!
        func tracker(_ id: String, _ name: String, _ category: String) -> Tracker {
            Tracker(id: id, name: name, category: category, schedule: .event, start: start)
        }
        let trackers = [
            tracker("t10", "Tracker 10", "Health"), tracker("other", "Zed", "Other"), tracker("t2", "tracker 2", "Health"),
            tracker("b", "Book", "Mind"), tracker("a", "Art", "Another"), tracker("r", "Read", "Mind"),
        ]
        let ordered = NameOrder.sorted(trackers, categoryOrder: ["Mind", "Health", "Empty"])
        #expect(ordered.map(\.id) == ["b", "r", "t2", "t10", "a", "other"])
    }

    /// A strict weak order: never both ways, and transitive over random names of letters, digits
    /// and accents (a sort with an inconsistent comparator can lose elements).
    @Test func isAStrictOrderOnRandomNames() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "A", "á", "b", "0", "1", "2", "9", "10", "007", " ", "z", "é", "e"]
        let names = (0..<120).map { _ in (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
        for x in names {
            #expect(!NameOrder.precedes(x, x))
            for y in names {
                if NameOrder.precedes(x, y) { #expect(!NameOrder.precedes(y, x), "\(x) \(y)") }
                if x != y { #expect(NameOrder.precedes(x, y) || NameOrder.precedes(y, x), "\(x) \(y)") }
            }
        }
        let sorted = names.sorted { NameOrder.precedes($0, $1) }
        for (x, y) in zip(sorted, sorted.dropFirst()) { #expect(!NameOrder.precedes(y, x)) }
    }
}
