import Foundation
import Testing
import TestSupport

/// habit(1), docs/man/habit.1, as `man` renders it (man-db, .ci/packages): every visible
/// subcommand and every option the built habit has is in it, so a command or an option added
/// without running scripts/manpage fails here; and the chapters written by hand are there.
@Suite("The manual page")
struct ManualPageTests {
    static let page = FreshAccountTests.root.appendingPathComponent("docs/man/habit.1").path
    static let man = ["/usr/bin/man", "/bin/man"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Each visible command's path (`category rename`) and its options' long names, from the
    /// command definitions as the built habit dumps them.
    static func commands() throws -> [(path: [String], options: [String])] {
        let scratch = try ScratchDirectory("man-dump")
        let dump = try ChildProcess(BuiltProduct.habit!, ["--experimental-dump-help"], environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin"],
                                    scratch: scratch.path).wait()
        let root = try #require(JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
        var found: [(path: [String], options: [String])] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            guard command["shouldDisplay"] as? Bool ?? true, let name = command["commandName"] as? String, name != "help" else { return }
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let options = arguments.filter { $0["shouldDisplay"] as? Bool ?? true }.flatMap { argument in
                (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
            }
            found.append((path + [name], options))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path + [name]) }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return found
    }

    @Test("man -l renders habit(1) with every subcommand, every option and the chapters", .enabled(if: man != nil || TestTools.installed, "man-db is not installed"))
    func everySubcommandIsInTheRenderedPage() throws {
        let scratch = try ScratchDirectory("man")
        let rendered = try ChildProcess(try #require(Self.man, "man-db is in .ci/packages"), ["-l", Self.page],
                                        environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "MANWIDTH": "200", "LANG": "C.UTF-8"],
                                        scratch: scratch.path).wait()
        #expect(rendered.succeeded, "\(rendered.err)")
        #expect(!rendered.err.contains("warning"), "man renders the page without warnings: \(rendered.err)")
        let lines = rendered.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let commands = try Self.commands()
        #expect(commands.count > 20, "the command tree: \(commands.map(\.path))")
        for command in commands.dropFirst() {
            let name = command.path.last!, full = command.path.joined(separator: " ")
            // A tag line: `list    Show the trackers…`, or `cal, calendar` for a command with aliases.
            #expect(lines.contains { $0 == name || $0.hasPrefix(name + " ") || $0.hasPrefix(name + ",") }, "\(full) is missing from docs/man/habit.1: run scripts/manpage")
            for option in command.options {
                #expect(rendered.out.contains("--" + option), "\(full) --\(option) is missing from docs/man/habit.1: run scripts/manpage")
            }
        }
        for chapter in ["NAME", "SYNOPSIS", "DESCRIPTION", "FILE FORMAT", "HISTORY AND SYNC", "ENVIRONMENT", "FILES", "EXIT STATUS", "SEE ALSO"] {
            #expect(lines.contains(chapter), "the chapter \(chapter)")
        }
    }
}
