import ArgumentParser
import HabitCore

struct CategoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category",
        abstract: "List, add, rename and delete categories.",
        discussion: """
            Examples:
              habit category list
              habit category add Health
              habit category rename Health Fitness
              habit category rm Fitness --yes
            """,
        subcommands: [List.self, Add.self, Rename.self, Remove.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List categories in display order, with their trackers.",
            discussion: "Example:\n  habit category list --json")
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print JSON.") var json = false

        func run() throws {
            let session = Session(global)
            let t = session.t
            let store = try session.load()
            let trackers = store.journal.trackers
            let categories = store.settings.categories
            if json {
                session.context.output.write(JSON.array(categories.map { category in
                    .object([
                        ("name", .string(category)),
                        ("trackers", .array(trackers.filter { $0.category == category }.map { .string($0.name) })),
                    ])
                }).rendered())
                return
            }
            guard !categories.isEmpty else {
                session.out(t.noCategories)
                session.out(session.style.dim(t.noCategoriesHint))
                return
            }
            let width = categories.map { TerminalText.width(TerminalText.safe($0)) }.max() ?? 0
            session.out(session.style.bold(t.categoriesHeading))
            for category in categories {
                let count = trackers.filter { $0.category == category }.count
                session.out("  " + TerminalText.pad(TerminalText.safe(category), to: width) + "  " + session.style.dim(t.trackers(count)))
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Create a category (added at the end of the list).",
            discussion: "Example:\n  habit category add Health")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The new category's name.", valueName: "name")) var name: String

        func run() throws {
            let session = Session(global)
            let t = session.t
            let name = try CategoryCommand.validName(name, t)
            let preview = try session.load()
            if preview.settings.categories.contains(where: { TrackerName.key($0) == TrackerName.key(name) }) {
                throw Failure(t.categoryExists(TerminalText.safe(name)))
            }
            try session.modify("category add: \(name)", reusing: preview) { store in
                if store.settings.categories.contains(where: { TrackerName.key($0) == TrackerName.key(name) }) {
                    throw Failure(t.categoryExists(TerminalText.safe(name)))
                }
                try store.addCategory(name)
            }
            session.out(t.categoryAdded(TerminalText.safe(name)))
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a category; every tracker in it follows.",
            discussion: "Example:\n  habit category rename Health Fitness")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The current name.", valueName: "old")) var old: String
        @Argument(help: ArgumentHelp("The new name.", valueName: "new")) var new: String

        func run() throws {
            let session = Session(global)
            let t = session.t
            let new = try CategoryCommand.validName(new, t)
            let preview = try session.load()
            let old = try CategoryCommand.find(old, in: preview.settings.categories, session)
            if old != new, preview.settings.categories.contains(where: { $0 != old && TrackerName.key($0) == TrackerName.key(new) }) {
                throw Failure(t.categoryExists(TerminalText.safe(new)))
            }
            let count = preview.journal.trackers.filter { $0.category == old }.count
            try session.modify("category rename: \(old) → \(new)", reusing: preview) { store in
                try store.renameCategory(old, to: new)
            }
            session.out(t.categoryRenamed(TerminalText.safe(old), TerminalText.safe(new), trackers: count))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a category and all its trackers, after confirmation.",
            discussion: "Examples:\n  habit category rm Home\n  habit category rm Home --yes")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The category.", valueName: "name")) var name: String
        @Flag(name: .long, help: "Don't ask (required without a terminal).") var yes = false

        func run() throws {
            let session = Session(global)
            let t = session.t
            let preview = try session.load()
            let name = try CategoryCommand.find(name, in: preview.settings.categories, session)
            let doomed = preview.journal.trackers.filter { $0.category == name }.map { "“\(session.name($0))”" }
            guard try session.confirm(t.confirmCategoryRemoval(TerminalText.safe(name), trackers: doomed), assumeYes: yes) else {
                session.out(t.cancelled)
                return
            }
            let removed = try session.modify("category rm: \(name)", reusing: preview) { store in try store.removeCategory(name) }
            session.out(t.categoryRemoved(TerminalText.safe(name), trackers: removed.count))
        }
    }

    static func validName(_ name: String, _ t: any Messages) throws -> String {
        let trimmed = name.trimmingWhitespace()
        switch TrackerName.problem(with: trimmed) {
        case .empty: throw Failure(t.categoryNameEmpty, exitCode: 2)
        case .tooLong: throw Failure(t.nameTooLong, exitCode: 2)
        case .controlCharacter: throw Failure(t.nameControlCharacter, exitCode: 2)
        case nil: return trimmed
        }
    }

    static func find(_ name: String, in categories: [String], _ session: Session) throws -> String {
        if let exact = categories.first(where: { $0 == name }) ?? categories.first(where: { TrackerName.key($0) == TrackerName.key(name) }) {
            return exact
        }
        throw Failure(session.t.unknownCategory(TerminalText.safe(name)), hint: session.t.unknownCategoryHint(categories.map(TerminalText.safe)))
    }
}
