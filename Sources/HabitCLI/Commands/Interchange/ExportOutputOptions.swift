import ArgumentParser

/// Where `json` and `csv` write: standard output, or a file.
struct ExportOutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file (atomically) instead of standard output.", valueName: "file"),
            completion: .file())
    var output: String?

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false
}
