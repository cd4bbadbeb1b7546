/// Where a store reads the files of a data directory from: the disk, or bytes in memory (a merge
/// result being checked before anything is written).
public protocol DataSource: Sendable {
    func read(_ relative: String) -> Result<[UInt8], FileProblem>
    /// Names in a folder, sorted; `.missing` when there is no such folder.
    func list(_ folder: String) -> Result<[String], FileProblem>
    /// A stamp that changes whenever the file does; nil when the source has none (then nothing
    /// read from it is cached).
    func stamp(_ relative: String) -> FileStamp?
    /// The names in a folder (sorted, as `list`) each with its stamp: what a load checks against
    /// its cache, in one pass where the source can.
    func stamps(in folder: String) -> Result<[(name: String, stamp: FileStamp?)], FileProblem>
}

extension DataSource {
    public func stamps(in folder: String) -> Result<[(name: String, stamp: FileStamp?)], FileProblem> {
        list(folder).map { names in
            let prefix = folder.isEmpty ? "" : folder + "/"
            return names.map { ($0, stamp(prefix + $0)) }
        }
    }
}

extension SafeDirectory: DataSource {}

/// Another source with some files replaced, added or deleted: the directory as it would be after
/// a change, to validate the change as a whole before it is written.
public struct OverlaySource: DataSource {
    public let base: any DataSource
    /// Relative path → new bytes; nil deletes the file.
    public let overrides: [String: [UInt8]?]

    public init(base: any DataSource, overrides: [String: [UInt8]?]) {
        self.base = base
        self.overrides = overrides
    }

    public func read(_ relative: String) -> Result<[UInt8], FileProblem> {
        if let override = overrides[relative] { return override.map { .success($0) } ?? .failure(.missing) }
        return base.read(relative)
    }

    public func list(_ folder: String) -> Result<[String], FileProblem> {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var names = Set((try? base.list(folder).get()) ?? [])
        for (path, bytes) in overrides where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            guard let name = rest.split(separator: "/").first.map(String.init) else { continue }
            if rest.contains("/") {
                names.insert(name)
            } else if bytes == nil {
                names.remove(name)
            } else {
                names.insert(name)
            }
        }
        if names.isEmpty, case .failure(let problem) = base.list(folder) { return .failure(problem) }
        return .success(names.sorted())
    }

    public func stamp(_ relative: String) -> FileStamp? {
        overrides[relative] == nil ? base.stamp(relative) : nil
    }
}

/// A data directory held entirely in memory.
public struct MemorySource: DataSource {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]]) {
        self.files = files
    }

    public func read(_ relative: String) -> Result<[UInt8], FileProblem> {
        files[relative].map { .success($0) } ?? .failure(.missing)
    }

    public func list(_ folder: String) -> Result<[String], FileProblem> {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let names = Set(files.keys.filter { $0.hasPrefix(prefix) }.compactMap {
            $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
        })
        return names.isEmpty && !folder.isEmpty ? .failure(.missing) : .success(names.sorted())
    }

    public func stamp(_ relative: String) -> FileStamp? { nil }
}
