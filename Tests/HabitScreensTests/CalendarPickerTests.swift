import HabitCore
import HabitScreens
import Testing

@Suite struct CalendarPickerTests {
    @Test func aMonthGridFromTheWeeksFirstDay() {
        let today = Fixtures.day("2026-11-20")
        let monday = CalendarPicker(selected: Fixtures.day("2026-11-18"), today: today, weekStartsOn: .monday)
        #expect(monday.weeks.count == 6, "1 November 2026 is a Sunday: six blanks before it")
        #expect(monday.weeks[0].prefix(6).allSatisfy { $0 == nil })
        #expect(monday.weeks[0][6]?.date == Fixtures.day("2026-11-01"))
        #expect(monday.weeks.joined().compactMap { $0 }.count == 30)
        #expect(monday.weeks.joined().compactMap { $0 }.filter(\.isSelected).map(\.date) == [Fixtures.day("2026-11-18")])
        #expect(monday.weeks.joined().compactMap { $0 }.filter(\.isToday).map(\.date) == [today])

        let sunday = CalendarPicker(selected: Fixtures.day("2026-11-18"), today: today, weekStartsOn: .sunday)
        #expect(sunday.weekdays.first == .sunday)
        #expect(sunday.weeks.count == 5 && sunday.weeks[0][0]?.date == Fixtures.day("2026-11-01"))
    }

    @Test func movingAcrossMonths() {
        let picker = CalendarPicker(selected: Fixtures.day("2027-01-31"), today: Fixtures.day("2027-01-10"), weekStartsOn: .monday)
        let february = picker.movingMonth(by: 1)
        #expect(february.month == 2 && february.selected == Fixtures.day("2027-02-28"))
        let back = picker.movingMonth(by: -2)
        #expect(back.year == 2026 && back.month == 11)
        let next = picker.movingSelection(by: 1)
        #expect(next.month == 2 && next.selected == Fixtures.day("2027-02-01"))
    }
}
