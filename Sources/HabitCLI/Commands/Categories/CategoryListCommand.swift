import ArgumentParser
import HabitCore

struct CategoryListCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List categories in display order, each with its trackers.",
        discussion: "Examples:\n  habit category list\n  habit category list --json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var json: JSONFlag<PlainJSON>

    func run(in session: Session) throws {
        let t = session.t
        let store = try session.load()
        let trackers = store.journal.trackers
        let categories = store.settings.categories
        func members(_ category: String) -> [String] {
            NameOrder.sorted(trackers.filter { $0.category == category }).map(\.name)
        }
        if json.isSet {
            session.context.output.write(JSON.array(categories.map { category in
                .object([("name", .string(category)), ("trackers", .array(members(category).map { .string($0) }))])
            }).rendered())
            return
        }
        guard !categories.isEmpty else {
            session.out(t[.noCategories])
            session.out(session.style.dim(t[.noCategoriesHint]))
            return
        }
        let width = categories.map { TerminalText.width(TerminalText.safe($0)) }.max() ?? 0
        session.out(session.style.bold(t[.categoriesHeading]))
        for category in categories {
            let names = members(category)
            let list = names.isEmpty ? "" : ": " + t.list(names.map(TerminalText.safe))
            session.out("  " + TerminalText.pad(TerminalText.safe(category), to: width) + "  " + session.style.dim(t.trackers(names.count) + list))
        }
    }
}
