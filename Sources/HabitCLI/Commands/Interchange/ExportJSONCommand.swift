import ArgumentParser

struct ExportJSONCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "The whole data directory as one JSON document (its shape: docs/cli.md).",
        discussion: "Example:\n  habit export json --output habits.json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: ExportOutputOptions

    func run() throws { try Exporting(global: global).run(.json, to: options.output, force: options.force) }
}
