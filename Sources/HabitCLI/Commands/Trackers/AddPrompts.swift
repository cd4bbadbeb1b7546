import HabitCore
import HabitLocalization
import HabitStore
import HabitKit

/// The questions of an interactive `habit add`. A wrong answer is explained and asked again, so
/// no answer already given is lost; the end of input (Ctrl-D) cancels with nothing written.
struct AddPrompts {
    let session: Session
    let known: [String]

    var t: Messages { session.t }

    /// Asks until `parse` accepts the answer; `parse` throws a `Failure` whose message says why not.
    private func ask<Value>(_ prompt: String, _ parse: (String) throws -> Value) throws -> Value {
        while true {
            guard let answer = session.ask(prompt) else {
                session.out()  // the end of input left the cursor after the prompt
                throw Failure(t[.promptNoInput], exitCode: ExitStatus.interrupted)
            }
            do {
                return try parse(answer)
            } catch let failure as Failure {
                // Wrapped between words like the rest of the prose: "… is not a schedule: use …"
                // is longer than 80 columns.
                session.err(ProseWrapping.wrap(t.text(.promptAgain, failure.message), width: session.width))
            }
        }
    }

    func name() throws -> String {
        try ask(t[.promptName]) { try TrackerOptions.name($0, t) }
    }

    /// A known category by number or name, or a new one once confirmed. Returns whether it is new.
    func category() throws -> (String, Bool) {
        if known.isEmpty {
            let name = try ask(t[.promptNewCategory]) { try TrackerOptions.categoryName($0, t) }
            return (name, true)
        }
        let last = session.habits.lastUsedCategory().flatMap { known.contains($0) ? $0 : nil }
        for (index, category) in known.enumerated() {
            let mark = category == last ? "  " + session.style.dim("(\(t[.promptCategoryLast]))") : ""
            session.out("  \(index + 1). \(TerminalText.safe(category))\(mark)")
        }
        let prompt = t[.promptCategory] + (last.map { " [\(TerminalText.safe($0))]" } ?? "")
        while true {
            let answer = try ask(prompt) { answer -> String in
                if answer.isEmpty, let last { return last }
                if let number = Int(answer) {
                    guard known.indices.contains(number - 1) else { throw Failure.usage(t.text(.badChoice, answer)) }
                    return known[number - 1]
                }
                return try TrackerOptions.categoryName(answer, t)
            }
            if let match = known.first(where: { TrackerName.key($0) == TrackerName.key(answer) }) { return (match, false) }
            if try session.confirm(t.text(.promptCreateCategory, TerminalText.safe(answer)), assumeYes: false) { return (answer, true) }
        }
    }

    func schedule() throws -> Schedule {
        let isEvent = try ask(t[.promptKind]) { answer -> Bool in
            let lower = answer.lowercased()
            if lower.isEmpty || lower.hasPrefix("h") || lower.hasPrefix("п") { return false }
            if lower.hasPrefix("e") || lower.hasPrefix("с") { return true }
            throw Failure.usage(t[.badKind])
        }
        if isEvent { return .event }
        // Enter alone takes the most common schedule, as the other questions take their default.
        return try ask(t[.promptSchedule]) { $0.isEmpty ? .daily : try TrackerOptions.schedule($0, t) }
    }

    func emoji() throws -> String? {
        try ask(t[.promptEmoji]) { $0.isEmpty ? nil : try TrackerOptions.emoji($0, t) }
    }

    func color() throws -> TrackerColor? {
        let palette = PaletteColor.allCases.map { session.style.color($0.rawValue, .palette($0)) }.joined(separator: " ")
        return try ask("\(t[.promptColor]) [\(palette)]") { $0.isEmpty ? nil : try TrackerOptions.color($0, t) }
    }

    func description() -> String? {
        guard let answer = session.ask(t[.promptDescription]), !answer.isEmpty else { return nil }
        return answer
    }

    func start(today: CivilDate) throws -> CivilDate {
        try ask(t[.promptStart]) { $0.isEmpty ? today : try session.parseDay($0, today: today) }
    }

    func goal() throws -> Goal? {
        try ask(t[.promptGoal]) { $0.isEmpty ? nil : try TrackerOptions.goal($0, t) }
    }
}
