import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the `git describe` of the checkout) before every build, so that
/// `habit --version` names the tag or commit a plain `swift build` was made from. A prebuild
/// command runs each time; scripts/build-info rewrites the file only when the description
/// changed, so an unchanged checkout recompiles nothing.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
        let script = context.package.directoryURL.appending(path: "scripts/build-info")
        return [
            .prebuildCommand(
                displayName: "Describing the checkout for habit --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, context.package.directoryURL.path, output.path],
                outputFilesDirectory: output
            ),
        ]
    }
}
