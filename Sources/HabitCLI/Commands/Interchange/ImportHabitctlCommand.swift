import ArgumentParser

struct ImportHabitctlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habitctl",
        abstract: "Import habitctl's habits and log files.",
        discussion: "Example:\n  habit import habitctl ~/.habitctl")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The folder with habitctl's habits and log files.", valueName: "dir"), completion: .directory)
    var path: String
    @OptionGroup var options: ImportOptions

    func run() throws { try Importing(global: global).run(.habitctl, path: path, options: options) }
}
