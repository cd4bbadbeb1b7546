import FoundationEssentials
import HabitCore
import HabitErrorWords
import HabitKit
import HabitLocalization
import HabitScreens
import HabitStore
import MCP

/// What each tool does: reads through HabitScreens, changes through HabitKit's use cases (each one
/// commit), and every refusal as a tool error in the catalog's words, as the CLI says it.
struct HabitTools: Sendable {
    let habits: Habits
    let clock: WallClock
    let messages: Messages
    let readOnly: Bool

    /// A refusal to be returned as the tool's error.
    struct Refused: Error {
        let sentence: String
    }

    func call(_ name: String, arguments: [String: Value]) -> CallTool.Result {
        let t = messages
        if readOnly && ToolCatalog.changing.contains(name) || !ToolCatalog.all.contains(where: { $0.name == name }) {
            return failure(t.text(.mcpUnknownTool, name))
        }
        // The day refusals are worded against ("today", "yesterday"): habit.toml's, once it is read.
        var refusalToday = clock.now.day
        do {
            let store = try habits.read()
            let today = clock.today(store.settings)
            refusalToday = today
            let input = ToolInput(arguments: arguments, messages: t, today: today)
            switch name {
            case "due": return try due(input, store: store, today: today)
            case "trackers": return try trackers(input, store: store)
            case "stats": return try stats(input, store: store, today: today)
            case "mark", "skip", "slip": return try mark(name, input, store: store, today: today)
            default: return try add(input, store: store, today: today)
            }
        } catch let refused as Refused {
            return failure(refused.sentence)
        } catch let error as HabitError {
            let words = ErrorWords.refusal(error, t, today: refusalToday)
            return failure([words.message, words.hint].compactMap { $0 }.joined(separator: "\n"))
        } catch {
            return failure("\(error)")
        }
    }

    private func due(_ input: ToolInput, store: Store, today: CivilDate) throws -> CallTool.Result {
        let day = try input.day()
        let screen = DayScreen(journal: store.journal, day: day, today: today)
        let cards: [Value] = screen.cards.compactMap { card in
            guard let tracker = store.journal.tracker(id: card.trackerID) else { return nil }
            let progress = TrackerProgress(tracker: tracker, today: today)
            var fields: [String: Value] = [
                "id": .string(tracker.id), "name": .string(tracker.name), "category": .string(tracker.category),
                "kind": .string(tracker.isEvent ? "event" : tracker.isQuit ? "quit" : tracker.isNumeric ? "numeric" : "habit"),
                "state": .string(Self.state(card.state)),
                "streak": .int(progress.currentStreak), "streak_unit": .string(progress.streakUnit.rawValue),
            ]
            if let measure = tracker.measure {
                fields["target"] = .double(measure.target)
                fields["unit"] = measure.unit.map { .string($0) } ?? .null
                if case .amount(let amount, _)? = card.progress { fields["amount"] = .double(amount) }
            }
            return .object(fields)
        }
        return success(.object(["date": .string(day.description), "trackers": .array(cards)]))
    }

    private func trackers(_ input: ToolInput, store: Store) throws -> CallTool.Result {
        let archived = input.bool("archived") ?? false
        let list: [Value] = store.journal.trackers.filter { archived || !$0.isArchived }.map { tracker in
            .object([
                "id": .string(tracker.id), "name": .string(tracker.name), "category": .string(tracker.category),
                "schedule": .string(messages.scheduleSummary(tracker.schedule)), "archived": .bool(tracker.isArchived),
            ])
        }
        return success(.object(["trackers": .array(list)]))
    }

    private func stats(_ input: ToolInput, store: Store, today: CivilDate) throws -> CallTool.Result {
        let tracker = try TrackerReference.resolve(try input.string("tracker"), in: store)
        let progress = TrackerProgress(tracker: tracker, today: today)
        let figures: [Value] = TrackerFigures(tracker: tracker, today: today).words(messages).map { figure in
            .object(["label": .string(figure.label), "value": .string(figure.value)])
        }
        var fields: [String: Value] = [
            "name": .string(tracker.name), "current_streak": .int(progress.currentStreak), "best_streak": .int(progress.bestStreak),
            "streak_unit": .string(progress.streakUnit.rawValue), "completions": .int(progress.completions),
            "completion_rate": progress.completionRate.map { .double($0) } ?? .null, "figures": .array(figures),
        ]
        if let goal = progress.goal {
            fields["goal"] = .object(["done": .int(goal.doneDays), "required": .int(goal.requiredDays), "end": .string(goal.endDay.description),
                                      "reached": .bool(goal.isReached)])
        }
        return success(.object(fields))
    }

    private func mark(_ name: String, _ input: ToolInput, store: Store, today: CivilDate) throws -> CallTool.Result {
        let t = messages
        let text = try input.string("tracker")
        let day = try input.day()
        let state = input.optionalString("state") ?? "done"
        let mark: Mark? = switch name {
        case "skip": .skipped
        case "slip": .slipped
        default: state == "undone" ? nil : .done
        }
        let amount = try input.number("amount").map(AmountChange.add)
        let outcome = try habits.mark(mark, text, on: day, today: today, amount: mark == .done ? amount : nil, reusing: store)
        let sentence = t.markSentence(outcome, asked: mark, name: DataText.safe(outcome.tracker.name), day: day, today: today)
        var fields: [String: Value] = [
            "message": .string(sentence), "tracker": .string(outcome.tracker.name), "date": .string(day.description),
            "changed": .bool(outcome.changed),
        ]
        if let total = outcome.total { fields["total"] = .double(total) }
        return success(.object(fields), text: sentence)
    }

    private func add(_ input: ToolInput, store: Store, today: CivilDate) throws -> CallTool.Result {
        let t = messages
        let schedule = try input.schedule("schedule")
        let tracker = try habits.addTracker(NewTracker(
            name: try input.string("name"), category: try input.string("category"),
            createsCategory: input.bool("create_category") ?? false, schedule: schedule, start: today), reusing: store)
        let sentence = t.text(.added, DataText.safe(tracker.name), DataText.safe(tracker.category))
        return success(.object(["message": .string(sentence), "id": .string(tracker.id), "name": .string(tracker.name)]), text: sentence)
    }

    static func state(_ state: DayScreen.State) -> String {
        switch state {
        case .done: "done"
        case .toDo: "todo"
        case .skipped: "skipped"
        case .slipped: "slipped"
        }
    }

    private func success(_ value: Value, text: String? = nil) -> CallTool.Result {
        let json = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return CallTool.Result(content: [.text(text: text ?? json, annotations: nil, _meta: nil)], structuredContent: Optional(value), isError: false)
    }

    private func failure(_ sentence: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: sentence, annotations: nil, _meta: nil)], isError: true)
    }
}
