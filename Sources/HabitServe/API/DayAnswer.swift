import HabitCore
import HabitScreens

/// `GET /api/v1/day`: the day's cards as the day's page draws them, from HabitScreens' `DayScreen`
/// (the same state, count and next mark), for the page to redraw its cards after sending its outbox.
struct DayAnswer {
    let text: WebText
    let screen: DayScreen
    let csrf: String

    var fields: [(String, JSONValue)] {
        var sections: [JSONValue] = []
        for section in screen.sections {
            sections.append(.object([
                ("category", section.category.map(JSONValue.string) ?? .null),
                ("cards", .array(section.cards.map(card))),
            ]))
        }
        return [
            ("date", .string(screen.day.description)), ("today", .string(screen.today.description)),
            ("sections", .array(sections)),
            // The token a change sends in X-CSRF-Token; a page from the service worker's cache may
            // hold an older one.
            ("csrf", .string(csrf)),
        ]
    }

    private func card(_ card: DayScreen.Card) -> JSONValue {
        let state: String
        switch card.state {
        case .done: state = "done"
        case .toDo: state = "todo"
        case .skipped: state = "skipped"
        case .slipped: state = "slipped"
        }
        var fields: [(String, JSONValue)] = [
            ("tracker", .string(card.trackerID)), ("name", .string(card.name)),
            ("emoji", card.emoji.map(JSONValue.string) ?? .null), ("pinned", .bool(card.isPinned)),
            ("state", .string(state)), ("count", .string(card.count.words(text.words))),
            ("next", .string(DayPage.state(card.nextMark))), ("then", .string(DayPage.state(card.nextMark.following))),
        ]
        if case .amount(let total, let measure) = card.nextMark {
            fields.append(("amount", .number(Measure.tidy(total))))
            fields.append(("target", .number(measure.target)))
            fields.append(("unit", measure.unit.map(JSONValue.string) ?? .null))
        }
        return .object(fields)
    }
}
