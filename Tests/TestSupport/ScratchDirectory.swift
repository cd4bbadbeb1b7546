import Foundation

/// A scratch directory (symbolic links in its path resolved, so it compares equal to what libgit2
/// and the kernel report), removed when the value is released.
public final class ScratchDirectory: @unchecked Sendable {
    public let path: String

    public init(_ label: String = "test") throws {
        let base = NSTemporaryDirectory() + "habit-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    public var url: URL { URL(fileURLWithPath: path) }

    public func sub(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Writes text to a file, creating its parent directories.
public func writeFile(_ text: String, to path: String) throws {
    try writeFile(Array(text.utf8), to: path)
}

public func writeFile(_ bytes: [UInt8], to path: String) throws {
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
}

/// A file's text, or "" when it cannot be read.
public func readFile(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

/// Every regular file below `root` (relative paths), with its bytes; `.git` and names for which
/// `skip` is true are left out.
public func fileTree(_ root: String, skip: (String) -> Bool = { _ in false }) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
    while let relative = walker.nextObject() as? String {
        if relative == ".git" { walker.skipDescendants(); continue }
        if skip(relative) { continue }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory)
        if !isDirectory.boolValue, let data = FileManager.default.contents(atPath: root + "/" + relative) {
            files[relative] = [UInt8](data)
        }
    }
    return files
}
