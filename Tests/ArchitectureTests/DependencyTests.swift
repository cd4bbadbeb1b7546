import Foundation
import Testing

/// The layers of docs/architecture.md, checked against the code: every `import` in Sources/ must
/// be an edge of the allowed graph and a dependency Package.swift declares, and Package.swift may
/// declare no other edge.
@Suite struct DependencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target and the project modules it may import (habit → HabitCLI → HabitKit →
    /// HabitStore/HabitGit/HabitInterchange → HabitCore/TOML; HabitSystem, what they need from the machine, at the bottom).
    static let allowed: [String: Set<String>] = [
        "habit": ["HabitCLI"],
        "HabitCLI": ["HabitKit", "HabitInterchange", "HabitStore", "HabitCore", "TOML", "HabitSystem", "TerminalUI", "HabitLocalization", "HabitErrorWords", "HabitScreens", "HabitUI", "ArgumentParser"],
        "HabitUI": ["TerminalUI", "HabitScreens", "HabitKit", "HabitLocalization", "HabitErrorWords", "HabitStore", "HabitCore", "HabitSystem"],
        "HabitScreens": ["HabitKit", "HabitStore", "HabitCore", "HabitLocalization"],
        "HabitLocalization": ["HabitCore"],
        "HabitErrorWords": ["HabitLocalization", "HabitKit", "HabitInterchange", "HabitStore", "HabitCore", "HabitSystem"],
        "HabitKit": ["HabitStore", "HabitGit", "HabitCore", "TOML", "HabitSystem", "HabitInterchange"],
        "HabitInterchange": ["HabitCore", "TOML", "CZlib", "CSQLite", "HabitLocalization"],
        "HabitStore": ["HabitCore", "TOML", "HabitSystem"],
        "HabitGit": ["CLibgit2", "CZlib", "HabitSystem"],
        "HabitSystem": [],
        "HabitCore": [],
        "TOML": [],
        "TerminalUI": [],
        "terminal-demo": ["TerminalUI"],
        "toml-decode": ["TOML"],
        "habit-gen": ["HabitCore"],
        "habit-catalogs": [],
        "habit-fuzz": ["TOML", "HabitStore"],
        "habit-ui-crash": ["HabitUI", "HabitKit", "HabitStore", "HabitLocalization", "HabitCore"],
        // The web app: a front-end beside HabitCLI, over the same use cases (docs/serve.md).
        "HabitServe": ["HabitScreens", "HabitKit", "HabitStore", "HabitCore", "HabitSystem", "HabitInterchange", "TOML", "HabitLocalization", "HabitErrorWords", "CZlib", "CQRencode", "CCurl", "Hummingbird", "Crypto"],
        "habit-serve": ["HabitServe"],
        // The Model Context Protocol server: a front-end beside HabitCLI, over the same use cases (docs/mcp.md).
        "HabitMCP": ["HabitScreens", "HabitKit", "HabitStore", "HabitCore", "HabitSystem", "HabitLocalization", "HabitErrorWords", "MCP"],
        "habit-mcp": ["HabitMCP"],
    ]

    /// Modules of the system and toolchain a target may import besides project modules; the pure
    /// layers (model and TOML) import none: no I/O, no clock.
    static let system: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization"]
    static let pure: Set<String> = ["HabitCore", "TOML"]
    /// HabitSystem wraps the C library and needs nothing else (Synchronization, whose Mutex it
    /// uses, is the standard library's own module): every layer may use it.
    static let libcOnly: [String: Set<String>] = ["HabitSystem": ["Glibc", "Darwin", "Synchronization"]]

    static var projectModules: Set<String> { Set(allowed.keys).union(["CLibgit2", "CZlib", "CSQLite", "CQRencode", "CCurl", "ArgumentParser", "Hummingbird", "MCP", "Crypto"]) }

    /// `import X` lines of every Swift file of a target.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [(String, String)] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "private"].contains($0) })
                else { continue }
                var module = words[index + 1]
                if ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(module), index + 2 < words.count {
                    module = String(words[index + 2].split(separator: ".").first ?? "")
                }
                found.append(("\(target)/\(relative)", module))
            }
        }
        return found
    }

    /// Each target's declared dependencies in Package.swift (names in its `dependencies:` list,
    /// products named by their `name:`).
    static func declared() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        let pattern = try NSRegularExpression(pattern: #"\.(?:executableTarget|target)\(\s*name:\s*"([^"]+)"(?:,\s*dependencies:\s*\[([^\]]*(?:\([^)]*\)[^\]]*)*)\])?"#)
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(match.range(at: 1), in: text)!])
            var dependencies: Set<String> = []
            if let range = Range(match.range(at: 2), in: text) {
                let list = String(text[range])
                let names = try NSRegularExpression(pattern: #""([^"]+)""#)
                for item in names.matches(in: list, range: NSRange(list.startIndex..., in: list)) {
                    dependencies.insert(String(list[Range(item.range(at: 1), in: list)!]))
                }
                dependencies.remove("swift-argument-parser")
                dependencies.remove("hummingbird")
                dependencies.remove("swift-sdk")
                dependencies.remove("swift-crypto")
            }
            result[name] = dependencies
        }
        return result
    }

    /// The habit binary leaves Foundation (and with it ICU's 30 MB of data) out: its modules use
    /// FoundationEssentials (docs/performance.md, start-up). One `import Foundation` anywhere in
    /// them would bring it all back, and nothing else would notice.
    @Test func theBinaryImportsNoFullFoundation() throws {
        var problems: [String] = []
        for target in ["habit", "habit-serve", "HabitServe", "habit-mcp", "HabitMCP", "HabitCLI", "HabitKit", "HabitInterchange", "HabitStore", "HabitGit", "HabitSystem", "HabitCore", "TOML", "TerminalUI", "HabitLocalization", "HabitErrorWords", "HabitScreens", "HabitUI"] {
            for (file, module) in try Self.imports(of: target) where module == "Foundation" {
                problems.append("\(file) imports Foundation; use FoundationEssentials")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyImportFollowsTheLayersAndIsDeclared() throws {
        let declared = try Self.declared()
        var problems: [String] = []
        for (target, allowedModules) in Self.allowed {
            let declaredModules = declared[target] ?? []
            for extra in declaredModules.subtracting(allowedModules) {
                problems.append("Package.swift: \(target) depends on \(extra), which the layers do not allow")
            }
            for (file, module) in try Self.imports(of: target) {
                if Self.projectModules.contains(module) {
                    if !allowedModules.contains(module) { problems.append("\(file): imports \(module), which the layers do not allow") }
                    if !declaredModules.contains(module) { problems.append("\(file): imports \(module), not declared in Package.swift") }
                } else if Self.pure.contains(target) {
                    problems.append("\(file): imports \(module); \(target) uses the standard library only")
                } else if let only = Self.libcOnly[target], !only.contains(module) {
                    problems.append("\(file): imports \(module); \(target) uses the standard library and libc only")
                } else if !Self.system.contains(module) {
                    problems.append("\(file): imports \(module), which is neither a project nor a system module")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// TerminalUI is publishable alone, like TOML: nothing of habit, and of the system only the C
    /// library (termios, signals, poll), no Foundation at all.
    @Test func theTerminalLayerUsesTheStandardLibraryAndTheCLibraryOnly() throws {
        let imports = try Self.imports(of: "TerminalUI")
        #expect(imports.contains { $0.module == "Glibc" }, "the check sees the layer's imports")
        let others = imports.filter { !["Glibc", "Darwin"].contains($0.module) }
        #expect(others.isEmpty, "\(others.map { "\($0.file) imports \($0.module)" })")
        #expect(try Self.declared()["TerminalUI"] == [])
    }

    @Test func theCheckSeesTheImports() throws {
        // The parser must find what is there, or the check above proves nothing.
        #expect(try Self.imports(of: "HabitCLI").contains { $0.module == "HabitKit" })
        #expect(try Self.declared()["HabitKit"] == ["HabitStore", "HabitGit", "HabitCore", "TOML", "HabitSystem", "HabitInterchange"])
        #expect(try Self.declared()["HabitSystem"] == [])
        #expect(Self.allowed.keys.allSatisfy { FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\($0)").path) })
    }
}
