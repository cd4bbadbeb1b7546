import ArgumentParser

struct ExportCSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "One row per tracker per logged day: date,tracker,category,value,note.",
        discussion: "value is done, skipped, or a numeric habit's amount; empty on a day with only a note.\nExample:\n  habit export csv --output days.csv")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: ExportOutputOptions

    func run() throws { try Exporting(global: global).run(.csv, to: options.output, force: options.force) }
}
