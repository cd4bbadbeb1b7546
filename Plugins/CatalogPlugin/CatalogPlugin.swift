import Foundation
import PackagePlugin

/// Compiles the translation files (Catalogs/*.arb, ICU MessageFormat) and CLDR's plural rules
/// (Catalogs/plurals.json) into HabitLocalization's `MessageKey`, `Language` and catalogs, with
/// habit-catalogs. A missing or extra key, an argument English does not declare, a plural category
/// the language lacks, an unbalanced brace or invalid JSON fails the build at its file and line.
/// The outputs are the same three files whatever the languages, so the command can be planned
/// before the folder is read; the folder itself is an input, so a new file runs it again.
@main
struct CatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let catalogs = target.directoryURL.appending(path: "Catalogs")
        let files = try FileManager.default.contentsOfDirectory(atPath: catalogs.path)
            .filter { $0.hasSuffix(".arb") || $0 == "plurals.json" }
            .sorted()
            .map { catalogs.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .buildCommand(
                displayName: "Compiling the translation files of \(target.name)",
                executable: try context.tool(named: "habit-catalogs").url,
                arguments: [catalogs.path, output.path],
                inputFiles: files + [catalogs],
                outputFiles: ["MessageKey.swift", "Language.swift", "Catalogs.swift"].map { output.appending(path: $0) }
            ),
        ]
    }
}
