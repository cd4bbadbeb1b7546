import HabitCore
import HabitLocalization
import HabitScreens
import Testing

/// What a card counts and what a tap on it sets the day to: one answer for `habit ui` and the web app.
@Suite struct CardActionTests {
    static let today = Fixtures.day("2026-11-21")

    static func cards(_ trackers: [Tracker]) -> [String: DayScreen.Card] {
        let screen = DayScreen(journal: Fixtures.journal(trackers), day: today, today: today)
        return Dictionary(uniqueKeysWithValues: screen.cards.map { ($0.trackerID, $0) })
    }

    @Test func theNextMarkOfEachKindOfCard() {
        let done = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-20", "2026-11-21"]))
        let toDo = Fixtures.tracker("read", "Read")
        let skipped = Fixtures.tracker("yoga", "Yoga", log: Fixtures.log(skipped: ["2026-11-21"]))
        let measure = Measure(target: 8, unit: "glasses")
        let water = Fixtures.tracker("water", "Water", log: Fixtures.log(amounts: ["2026-11-21": 3]), measure: measure)
        let walk = Fixtures.tracker("walk", "Walk", log: Fixtures.log(skipped: ["2026-11-21"]), measure: Measure(target: 5, unit: "km"))
        var smoking = Fixtures.tracker("smoking", "Smoking")
        smoking.isQuit = true
        var slipped = Fixtures.tracker("sweets", "Sweets", log: CompletionLog([CompletionLog.Entry(day: Self.today, mark: .slipped)]))
        slipped.isQuit = true
        let cards = Self.cards([done, toDo, skipped, water, walk, smoking, slipped])
        #expect(cards["run"]?.nextMark == .undone)
        #expect(cards["read"]?.nextMark == .done)
        #expect(cards["yoga"]?.nextMark == .done, "a skipped day is marked done at once")
        #expect(cards["water"]?.nextMark == .amount(total: 3, of: measure))
        #expect(cards["walk"]?.nextMark == .undone, "a numeric habit's skip is cleared, then it takes an amount")
        #expect(cards["smoking"]?.nextMark == .slip)
        #expect(cards["sweets"]?.nextMark == .unslip)
    }

    @Test func theMarkAfterTheNextOne() {
        #expect(DayScreen.NextMark.done.following == .undone && DayScreen.NextMark.undone.following == .done)
        #expect(DayScreen.NextMark.slip.following == .unslip && DayScreen.NextMark.unslip.following == .slip)
        let amount = DayScreen.NextMark.amount(total: 2, of: Measure(target: 8, unit: nil))
        #expect(amount.following == amount)
    }

    @Test func theCountIsCleanDaysOrDoneDaysInTheCatalogsWords() throws {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-19", "2026-11-20"]))
        var smoking = Fixtures.tracker("smoking", "Smoking", start: "2026-11-10")
        smoking.isQuit = true
        let cards = Self.cards([run, smoking])
        #expect(cards["run"]?.count == .done(days: 2))
        #expect(cards["smoking"]?.count == .clean(days: 12))
        #expect(cards["run"]?.count.words(Messages(.english)) == "2 days")
        #expect(cards["smoking"]?.count.words(Messages(.russian)) == "12 дней без срывов")
    }

    /// The card of one tracker (the web app's reply to a mark) is the day's screen's card.
    @Test func oneTrackersCardIsTheScreensCard() throws {
        let run = Fixtures.tracker("run", "Run", log: Fixtures.log(done: ["2026-11-19", "2026-11-20"]))
        var smoking = Fixtures.tracker("smoking", "Smoking", log: CompletionLog([CompletionLog.Entry(day: Fixtures.day("2026-11-20"), mark: .slipped)]))
        smoking.isQuit = true
        let water = Fixtures.tracker("water", "Water", log: Fixtures.log(amounts: ["2026-11-20": 3]), measure: Measure(target: 8, unit: nil))
        for day in [Self.today, Fixtures.day("2026-11-20")] {
            let screen = DayScreen(journal: Fixtures.journal([run, smoking, water]), day: day, today: Self.today)
            for tracker in [run, smoking, water] {
                let card = try #require(screen.cards.first { $0.trackerID == tracker.id })
                #expect(DayScreen.card(of: tracker, on: day, today: Self.today) == card)
            }
        }
    }
}
