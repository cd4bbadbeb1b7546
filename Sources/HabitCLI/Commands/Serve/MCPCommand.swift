import ArgumentParser

/// `habit mcp`: the Model Context Protocol server lives in a second program, `habit-mcp`,
/// installed beside `habit`, so the protocol's library never loads in `habit` itself. This
/// command only finds it and becomes it, as `habit serve` does with `habit-serve`.
struct MCPCommand: SessionRunningCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Let an assistant read and mark your trackers over the Model Context Protocol (docs/mcp.md).",
        discussion: """
            Speaks the protocol over standard input and output, for a client that starts it (Claude \
            Desktop, an editor, a script with the Python SDK). Its tools: due, trackers and stats read; \
            mark, skip, slip and add change the data directory, each change one commit, through the same \
            rules as the commands.

            Examples:
              habit mcp
              habit mcp --read-only
              habit --dir ~/habits mcp
            """)

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Offer only the tools that read: no change is listed or accepted.")
    var readOnly = false

    func run(in session: Session) throws {
        try SiblingProgram(name: "habit-mcp", missing: .mcpProgramMissing, missingHint: .mcpProgramMissingHint)
            .become(session, arguments: readOnly ? ["--read-only"] : [])
    }
}
