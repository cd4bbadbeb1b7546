import FoundationEssentials

/// The files of what is being imported: a directory, a .zip, or a single file.
struct ImportFiles {
    /// Paths relative to the root, with `/`.
    let paths: [String]
    private let reader: (String) -> [UInt8]?
    /// How a path is shown in messages.
    let display: (String) -> String

    func read(_ path: String) -> [UInt8]? { reader(path) }

    static func open(_ path: String) throws(InterchangeError) -> ImportFiles {
        var isDirectory: Bool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .unreadable(path: path) }
        if isDirectory { return directory(path) }
        guard path.lowercased().hasSuffix(".zip") else { return single(path) }
        return try zip(path)
    }

    static func directory(_ root: String) -> ImportFiles {
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
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

    /// A .zip, read by habit itself (deflate through the system's zlib); nothing is unpacked on disk.
    static func zip(_ file: String) throws(InterchangeError) -> ImportFiles {
        guard let bytes = FileManager.default.contents(atPath: file) else { throw .unreadable(path: file) }
        let archive: ZipArchive
        do { archive = try ZipArchive(Array(bytes)) } catch { throw .zip(path: file, problem: error) }
        // Every entry is unpacked and checked now, so that a damaged one stops the import before
        // anything is read, rather than looking like a missing file.
        var contents: [String: [UInt8]] = [:]
        for entry in archive.entries where !entry.name.hasSuffix("/") {
            do { contents[entry.name] = try archive.contents(of: entry) } catch { throw .zip(path: file, problem: error) }
        }
        return ImportFiles(paths: contents.keys.sorted(), reader: { contents[$0] }, display: { "\(file):\($0)" })
    }
}
