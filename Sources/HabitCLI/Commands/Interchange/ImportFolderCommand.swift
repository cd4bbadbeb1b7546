import ArgumentParser
import HabitInterchange

/// `habit import habitctl` and `habit import harsh`: two tools that keep a folder of habits and
/// log files, imported by one command that differs only in the format's name and example.
struct ImportFolderCommand<Source: FolderImportSource>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: Source.name,
            abstract: "Import \(Source.name)'s habits and log files.",
            discussion: "Example:\n  habit import \(Source.name) \(Source.example)")
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The folder with \(Source.name)'s habits and log files.", valueName: "dir"), completion: .directory)
    var path: String
    @OptionGroup var options: ImportOptions

    func run() throws { try Importing(global: global).run(Source.format, path: path, options: options) }
}

/// A format `ImportFolderCommand` reads.
protocol FolderImportSource {
    static var name: String { get }
    static var format: ImportFormat { get }
    /// The folder in the command's example.
    static var example: String { get }
}

enum HabitctlFolder: FolderImportSource {
    static var name: String { "habitctl" }
    static var format: ImportFormat { .habitctl }
    static var example: String { "~/.habitctl" }
}

enum HarshFolder: FolderImportSource {
    static var name: String { "harsh" }
    static var format: ImportFormat { .harsh }
    static var example: String { "~/.config/harsh" }
}
