import ArgumentParser

/// Where an export writes: standard output, or a file.
struct ExportOutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file (atomically) instead of standard output.", valueName: "file"),
            completion: .file())
    var output: String?

    @Flag(name: .long, help: "Replace the output file if it exists.")
    var force = false
}

extension ExportOutputOptions {
    /// Writes `document` to the file named (atomically; an existing one only with --force) and
    /// returns its path; without a file, prints it and returns nil.
    func deliver(_ document: String, _ session: Session) throws -> String? {
        guard let output else {
            session.printDocument(document)
            return nil
        }
        try session.habits.writeDocument(Array(document.utf8), to: output, replacing: force)
        return output
    }
}

extension Session {
    /// A document as it is into a pipe or a file; on a terminal, nothing that could drive it.
    func printDocument(_ text: String) {
        context.output.write(context.stdoutIsTerminal ? TerminalText.safeKeepingLines(text) : text)
    }
}
