import ArgumentParser

struct ImportHarshCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harsh",
        abstract: "Import harsh's habits and log files.",
        discussion: "Example:\n  habit import harsh ~/.config/harsh")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The folder with harsh's habits and log files.", valueName: "dir"), completion: .directory)
    var path: String
    @OptionGroup var options: ImportOptions

    func run() throws { try Importing(global: global).run(.harsh, path: path, options: options) }
}
