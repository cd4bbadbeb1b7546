import ArgumentParser

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
        subcommands: [CategoryListCommand.self, CategoryAddCommand.self, CategoryRenameCommand.self, CategoryRemoveCommand.self],
        defaultSubcommand: CategoryListCommand.self)
}
