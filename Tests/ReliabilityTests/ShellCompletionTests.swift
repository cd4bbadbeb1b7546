import Foundation
import Testing
import TestSupport

/// Tab completion as a person gets it: bash, zsh and fish running interactively on a real
/// pseudo-terminal with habit's generated script loaded, completing tracker names and categories
/// from the data directory (issue 11). The shells are installed in CI (`.ci/packages`).
@Suite("Shell completion on a real terminal", .serialized, .enabled(if: TerminalSession.tmux != nil, "tmux is not installed"))
struct ShellCompletionTests {
    struct Shell: Sendable, CustomTestStringConvertible {
        let name: String
        let command: [String]
        /// Loads the completion script at the path given.
        let load: @Sendable (String) -> String
        var testDescription: String { name }
        var path: String? { ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) } }
    }

    static let shells = [
        Shell(name: "bash", command: ["bash", "--norc", "--noprofile", "-i"]) { "source \($0)" },
        Shell(name: "zsh", command: ["zsh", "-f", "-i"]) { "autoload -U compinit && compinit -u && source \($0)" },
        Shell(name: "fish", command: ["fish", "--no-config"]) { "source \($0)" },
    ]

    @Test("Tab completes tracker names and categories", arguments: shells)
    func tabCompletes(_ shell: Shell) throws {
        guard let path = shell.path else {
            // Installed in CI; on a developer's machine without this shell there is nothing to run.
            print("skipped: \(shell.name) is not installed")
            return
        }
        let scratch = try ScratchDirectory("completion-\(shell.name)")
        let bin = scratch.sub("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/habit", withDestinationPath: BuiltProduct.habit!)
        try FileManager.default.copyItem(atPath: FreshAccountTests.root.appendingPathComponent("examples").path, toPath: scratch.sub("data"))
        let environment = ["HOME": scratch.path, "PATH": bin + ":/usr/bin:/bin", "HABIT_DIR": scratch.sub("data"), "LANG": "C.UTF-8",
                           "HABIT_NOW": "2026-11-22T10:00"]
        let script = scratch.sub("habit.\(shell.name)")
        let generated = try ChildProcess(BuiltProduct.habit!, ["--generate-completion-script", shell.name], environment: environment,
                                         scratch: scratch.path).wait()
        try #require(generated.succeeded, "\(generated.all)")
        try generated.out.write(toFile: script, atomically: true, encoding: .utf8)

        let terminal = try TerminalSession([path] + shell.command.dropFirst(), environment: environment, scratch: scratch.path, width: 100)
        try terminal.enter(shell.load(script))
        try terminal.enter("echo loaded")
        try terminal.waitFor("\nloaded")
        for (typed, completed) in [("habit done dr", "habit done drink-water"), ("habit add X --category St", "habit add X --category Study"),
                                   ("habit category rm Ho", "habit category rm Home"), ("habit show spa", "habit show spanish")] {
            try terminal.type(typed)
            try terminal.press("Tab", thenWaitFor: completed, timeout: 10)
            try terminal.press("C-u")
        }
    }
}
