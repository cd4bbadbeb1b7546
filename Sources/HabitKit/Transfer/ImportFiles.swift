import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The files of what is being imported: a directory, or a .zip read with the `unzip` command
/// (entries are streamed to habit with `unzip -p`; nothing is unpacked on disk).
struct ImportFiles {
    /// Paths relative to the root, with `/`.
    let paths: [String]
    private let reader: (String) -> [UInt8]?
    /// How a path is shown in messages.
    let display: (String) -> String

    func read(_ path: String) -> [UInt8]? { reader(path) }

    static func open(_ path: String) throws(HabitError) -> ImportFiles {
        var isDirectory: Bool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .importUnreadable(path: path) }
        if isDirectory { return directory(path) }
        guard path.lowercased().hasSuffix(".zip") else { return single(path) }
        return try zip(path)
    }

    static func directory(_ root: String) -> ImportFiles {
        var paths: [String] = []
        if let walker = FileManager.default.enumerator(atPath: root) {
            while let relative = walker.nextObject() as? String { paths.append(relative) }
        }
        let base = root.hasSuffix("/") ? root : root + "/"
        return ImportFiles(paths: paths.sorted(), reader: { relative in
            FileManager.default.contents(atPath: base + relative).map { Array($0) }
        }, display: { base + $0 })
    }

    static func single(_ file: String) -> ImportFiles {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return ImportFiles(paths: [name], reader: { relative in
            relative == name ? FileManager.default.contents(atPath: file).map { Array($0) } : nil
        }, display: { _ in file })
    }

    static func zip(_ file: String) throws(HabitError) -> ImportFiles {
        guard let listing = run(["unzip", "-Z1", file]) else { throw .unzipMissing }
        guard listing.status == 0 else { throw .importUnreadable(path: file) }
        let paths = String(decoding: listing.output, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.hasSuffix("/") }
        return ImportFiles(paths: paths.sorted(), reader: { entry in
            // unzip treats `[`, `*` and `?` in a name as a pattern: escape them.
            var escaped = ""
            for character in entry {
                if "[]*?\\".contains(character) { escaped += "\\" }
                escaped.append(character)
            }
            guard let result = run(["unzip", "-p", file, escaped]), result.status == 0 else { return nil }
            return result.output
        }, display: { "\(file):\($0)" })
    }

    /// Runs a program found in PATH; nil when it cannot be started.
    private static func run(_ arguments: [String]) -> (status: Int32, output: [UInt8])? {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard rc == 0 else { close(pipeEnds[0]); return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(pipeEnds[0], $0.baseAddress, $0.count) }
            if n > 0 { output += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128, output)
    }
}
