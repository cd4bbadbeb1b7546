import Foundation

/// The real `git` CLI, isolated from the developer's configuration: every test that spawns git
/// gets an empty home, no system config, no prompts and a fixed identity.
public enum GitCommandLine {
    public static let home: String = {
        let directory = NSTemporaryDirectory() + "habit-test-git-home-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }()

    public static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_AUTHOR_NAME"] = "Other Machine"
        environment["GIT_AUTHOR_EMAIL"] = "other@example.com"
        environment["GIT_COMMITTER_NAME"] = "Other Machine"
        environment["GIT_COMMITTER_EMAIL"] = "other@example.com"
        return environment
    }

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs git in `directory`; throws with its output when it fails, unless `allowFailure`.
    @discardableResult
    public static func run(
        _ arguments: [String], in directory: String, input: String? = nil, extraPath: String? = nil,
        environment extra: [String: String] = [:], allowFailure: Bool = false
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = self.environment.merging(extra) { $1 }
        if let extraPath { environment["PATH"] = extraPath + ":" + (environment["PATH"] ?? "/usr/bin:/bin") }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if process.terminationStatus != 0 && !allowFailure {
            throw Failed(description: "git \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}

extension GitDaemon {
    /// A daemon whose git reads the isolated configuration.
    public convenience init(basePath: String) throws {
        try self.init(basePath: basePath, environment: GitCommandLine.environment)
    }
}
