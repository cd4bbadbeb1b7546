import HabitCore
import HabitKit
import HabitScreens
import Testing

@Suite struct TrackerFormTests {
    static let today = Fixtures.day("2026-11-22")

    @Test func theNameErrorFollowsHabitKitsRules() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        var form = TrackerForm(kind: .habit, today: Self.today)
        #expect(form.check(in: store).nameRefusal == .invalid(.empty))
        form.name = String(repeating: "a", count: 38)
        #expect(form.check(in: store).nameRefusal == nil)
        form.name = String(repeating: "a", count: 39)
        #expect(form.check(in: store).nameRefusal == .invalid(.tooLong(count: 39)))
        form.name = String(repeating: "a", count: 37) + "🧑‍🌾"
        #expect(form.check(in: store).nameRefusal == nil, "a person sees 38 characters: the emoji is one")
        form.name = "read 20 PAGES"
        #expect(form.check(in: store).nameRefusal == .taken(existing: "Read 20 pages"))

        let read = try #require(store.journal.tracker(id: "read-20-pages"))
        var edit = TrackerForm(editing: read, today: Self.today)
        edit.name = "Read 20 Pages"
        #expect(edit.check(in: store).nameRefusal == nil, "a tracker's own name is not a duplicate")
    }

    @Test func createStaysDisabledUntilTheFormIsComplete() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        var form = TrackerForm(kind: .habit, today: Self.today, lastUsedCategory: "Gone", categories: store.settings.categories)
        #expect(form.category == nil, "a last-used category that no longer exists is not checked")
        form.name = "Stretch"
        #expect(!form.check(in: store).canSubmit)
        form.category = "Health"
        #expect(form.check(in: store).needsSchedule)
        for day in Weekday.allCases { form.toggle(day) }
        #expect(form.isEveryDay)
        #expect(form.check(in: store).canSubmit)
        form.toggle(.sunday)
        #expect(!form.isEveryDay && form.resolvedSchedule == .weekly(WeekdaySet(Weekday.allCases.filter { $0 != .sunday })))
        form.measure = Measure(target: 0)
        #expect(!form.check(in: store).canSubmit, "at least 0 is no target")
        form.measure = Measure(target: 8, unit: "glasses")
        #expect(form.newTracker(in: store)?.measure == Measure(target: 8, unit: "glasses"))

        var event = TrackerForm(kind: .event, today: Self.today, lastUsedCategory: "Home", categories: store.settings.categories)
        event.name = "Dentist again"
        #expect(event.category == "Home")
        #expect(event.resolvedSchedule == .event && event.check(in: store).canSubmit)
    }

    @Test func movingTheStartLaterWarnsOfTheMarksItDrops() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        let read = try #require(store.journal.tracker(id: "read-20-pages"))
        var form = TrackerForm(editing: read, today: Self.today)
        #expect(form.check(in: store).marksDropped == 0)
        form.start = Fixtures.day("2026-10-18")
        #expect(form.check(in: store).marksDropped == 2, "2026-10-15 and 2026-10-17 are marked")
    }

    @Test func anEditChangesOnlyWhatTheFormChanged() throws {
        let (scratch, store) = try Fixtures.examplesStore()
        _ = scratch
        let read = try #require(store.journal.tracker(id: "read-20-pages"))
        var form = TrackerForm(editing: read, today: Self.today)
        let unchanged = try #require(form.changes(in: store.journal))
        #expect(unchanged.name == nil && unchanged.category == nil && unchanged.schedule == nil && unchanged.start == nil)
        #expect(unchanged.emoji == nil && unchanged.color == nil && unchanged.measure == nil)
        form.name = "Read 30 pages"
        form.color = .palette(.teal)
        form.toggle(.sunday)
        let changed = try #require(form.changes(in: store.journal))
        #expect(changed.name == "Read 30 pages" && changed.color == .some(.palette(.teal)) && changed.category == nil)
        #expect(changed.schedule == .weekly(WeekdaySet(Weekday.allCases.filter { $0 != .sunday })))
        form.name = "spanish LESSON"
        #expect(form.changes(in: store.journal) == nil, "another tracker's name: Save stays disabled")
        #expect(TrackerForm(kind: .habit, today: Self.today).changes(in: store.journal) == nil, "not editing")
    }
}
