import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the `git describe` of the checkout) so that `habit --version` names
/// the tag or commit a plain `swift build` was made from. The command's inputs are the git files
/// that change when HEAD moves (a commit, a checkout, a reset: HEAD and its reflog), when the index
/// changes, and when refs are packed, so the description is rewritten then and only then; SwiftPM
/// does not re-run a plugin for an unchanged package, which is why a prebuild command is not enough.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let script = package.appending(path: "scripts/build-info")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        var inputs = [script]
        if let git = GitDirectories(package: package) {
            inputs += [git.own.appending(path: "HEAD"), git.own.appending(path: "logs/HEAD"), git.own.appending(path: "index"),
                       git.common.appending(path: "packed-refs")]
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        return [
            .buildCommand(
                displayName: "Describing the checkout for habit --version",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, package.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}

/// The git directory of a checkout (`.git`, or what a worktree's `.git` file points to) and the
/// common one that holds the shared refs.
struct GitDirectories {
    let own: URL
    let common: URL

    init?(package: URL) {
        let dotGit = package.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            own = dotGit
            common = dotGit
            return
        }
        guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
        let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
        own = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        if let relative = try? String(contentsOf: own.appending(path: "commondir"), encoding: .utf8) {
            let trimmed = relative.trimmingCharacters(in: .whitespacesAndNewlines)
            common = trimmed.hasPrefix("/") ? URL(fileURLWithPath: trimmed) : own.appending(path: trimmed).standardizedFileURL
        } else {
            common = own
        }
    }
}
