import HabitCore
import HabitScreens
import HabitStore

/// A posted tracker form read into HabitScreens' `TrackerForm`: every field checked against what
/// the form offers (a category that exists, a colour and an emoji HabitCore accepts, numbers in
/// range); anything else is left unset, so `TrackerForm.check` says what is missing.
struct TrackerFormInput {
    var form: TrackerForm
    /// The "add category" field.
    var newCategory: String

    static func kind(_ text: String) -> TrackerForm.Kind? {
        switch text {
        case "habit": .habit
        case "event": .event
        default: nil
        }
    }

    init?(_ body: FormBody, store: Store, editing: Tracker?, today: CivilDate) {
        if let editing {
            form = TrackerForm(editing: editing, today: today)
        } else {
            guard let kind = body["kind"].flatMap(Self.kind) else { return nil }
            form = TrackerForm(kind: kind, today: today)
        }
        newCategory = body["newCategory"] ?? ""
        form.name = body["name"] ?? ""
        form.category = body["category"].flatMap { store.settings.categories.contains($0) ? $0 : nil }
        if form.kind == .habit {
            let number = { (name: String) -> Int in body[name].flatMap { Int($0.trimmingWhitespace()) } ?? 0 }
            switch body["schedule"] ?? "days" {
            case "week": form.schedule = .perPeriod(number("times"), .week)
            case "month": form.schedule = .perPeriod(number("times"), .month)
            case "every": form.schedule = .everyDays(min(number("every"), 3650))
            default:
                let days = body["everyday"] != nil ? WeekdaySet.all : WeekdaySet(Weekday.allCases.filter { body["day\($0.rawValue)"] != nil })
                form.schedule = .weekdays(days)
            }
            let target = (body["target"] ?? "").trimmingWhitespace()
            if target.isEmpty {
                form.measure = nil
            } else {
                let direction: Measure.Direction = body["direction"] == Measure.Direction.atMost.rawValue ? .atMost : .atLeast
                // A number no habit can have stays in the form as one the check refuses.
                let value = Double(target.replacingComma()).flatMap { Measure.isValidTarget($0, direction) ? $0 : nil } ?? -1
                let unit = (body["unit"] ?? "").trimmingWhitespace()
                form.measure = Measure(target: value, direction: direction, unit: unit.isEmpty ? nil : String(unit.prefix(40)))
            }
        } else {
            form.measure = nil
        }
        let emoji = body["emoji"] ?? ""
        form.emoji = TrackerEmoji.isValid(emoji) ? emoji : nil
        form.color = (body["color"]).flatMap(TrackerColor.init)
    }
}

extension String {
    /// "2,5" as "2.5": a decimal comma is what a Russian keyboard types.
    func replacingComma() -> String {
        String(map { $0 == "," ? "." : $0 })
    }
}
