import ArgumentParser

/// `--json`, declared once for every command that can print JSON. Its help sentence is the
/// command's own (`Wording`), so the help and the man page read as before.
struct JSONFlag<Wording: HelpWording>: ParsableArguments {
    @Flag(name: .customLong("json"), help: ArgumentHelp(Wording.help))
    var isSet = false
}

/// A help sentence shared by several commands, chosen by type.
protocol HelpWording {
    static var help: String { get }
}

/// The screens whose JSON shape docs/cli.md describes.
enum DocumentedShape: HelpWording {
    static let help = "Print JSON (see docs/cli.md for the shape)."
}

/// The other `--json` outputs.
enum PlainJSON: HelpWording {
    static let help = "Print JSON."
}
