#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitSystem

/// File access that never leaves a directory: every relative path is resolved one component at a
/// time with `openat(…, O_NOFOLLOW)`, so a symbolic link anywhere below the root (a `trackers`
/// replaced by a link, a link in place of a tracker file) is refused instead of followed. The root
/// itself may be a link: where the data lives is the user's choice.
///
/// Writes are atomic: a temporary file in the same folder, fsync, rename over the old name, fsync
/// of the folder. A crash leaves the old bytes or the new ones, never a mix.
public struct SafeDirectory: Sendable {
    /// Temporary files start with this, so the loader and git ignore them and a later run can
    /// sweep the ones a killed process left.
    public static let temporaryPrefix = ".habit-tmp-"
    /// Files beyond this are refused rather than read: no tracker grows this large in a lifetime
    /// (a century of daily lines is about 700 KB), and it bounds memory on hostile input.
    public static let maximumFileSize = 32 << 20

    public let root: String

    public init(root: String) {
        self.root = root
    }

    // MARK: Reading

    /// The bytes of the regular file at `relative`.
    public func read(_ relative: String) -> Result<[UInt8], FileProblem> {
        let (parent, name) = split(relative)
        let folder: Int32
        switch openFolder(parent, create: false) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem): return .failure(problem)
        }
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(.from(errno: errno)) }
        if info.st_mode & S_IFMT == S_IFLNK { return .failure(.symbolicLink(relative)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard Int(info.st_size) <= Self.maximumFileSize else { return .failure(.tooLarge(Int(info.st_size))) }
        let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return .failure(errno == ELOOP ? .symbolicLink(relative) : .from(errno: errno)) }
        defer { close(descriptor) }
        // One byte more than the size, so the read that sees the end needs no growth; the file may
        // still grow while it is read (then the buffer doubles, up to the cap). The first buffer is
        // read into uninitialised memory: zeroing it first cost as much as the parser's first pass.
        var failure: Int32?
        let first = Int(info.st_size) + 1
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, initialized in
            initialized = 0
            while initialized < first {
                let result = Glibc.read(descriptor, buffer.baseAddress! + initialized, first - initialized)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if result == 0 { return }
                initialized += result
            }
        }
        if let failure { return .failure(.io(failure)) }
        var filled = bytes.count
        guard filled == first else { return .success(bytes) }
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(4096, bytes.count)) }
            let result = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if result < 0 {
                if errno == EINTR { continue }
                return .failure(.io(errno))
            }
            if result == 0 { break }
            filled += result
            if filled > Self.maximumFileSize { return .failure(.tooLarge(filled)) }
        }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }

    /// Names in the folder at `relative` ("" for the root), sorted, without `.` and `..`.
    public func list(_ relative: String) -> Result<[String], FileProblem> {
        let folder: Int32
        switch openFolder(relative, create: false) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem): return .failure(problem)
        }
        guard let names = DirectoryEntries.names(ofOpenFolder: folder) else { return .failure(.io(errno)) }
        return .success(names.sorted())
    }

    /// The names in the folder at `relative` with their stamps, through one descriptor of the
    /// folder: stamping each name on its own would open the root and every folder on the way
    /// again for each file.
    public func stamps(in relative: String) -> Result<[(name: String, stamp: FileStamp?)], FileProblem> {
        let folder: Int32
        switch openFolder(relative, create: false) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem): return .failure(problem)
        }
        guard let directory = fdopendir(folder) else {
            close(folder)
            return .failure(.io(errno))
        }
        defer { closedir(directory) }
        var found: [(name: String, stamp: FileStamp?)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != ".", name != ".." else { continue }
            var info = stat()
            found.append((name, fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? FileStamp(info) : nil))
        }
        found.sort { $0.name < $1.name }
        return .success(found)
    }

    /// The stamp of the regular file at `relative`; nil when it is missing or not a regular file.
    public func stamp(_ relative: String) -> FileStamp? {
        let (parent, name) = split(relative)
        guard case .success(let folder) = openFolder(parent, create: false) else { return nil }
        defer { close(folder) }
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileStamp(info)
    }

    /// Whether something (of any kind) exists at `relative`, without following a final link.
    public func exists(_ relative: String) -> Bool {
        let (parent, name) = split(relative)
        guard case .success(let folder) = openFolder(parent, create: false) else { return false }
        defer { close(folder) }
        var info = stat()
        return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
    }

    // MARK: Writing

    /// Writes `contents` to a temporary file next to `relative` and flushes it to disk, without
    /// replacing anything yet: `StagedFile.commit` does that with one rename. Folders on the way
    /// are created.
    /// - Parameter durable: false skips the fsyncs, for files that are only a cache.
    public func stage(_ relative: String, contents: [UInt8], executable: Bool = false, durable: Bool = true) throws(StoreError) -> StagedFile {
        if durable { try FaultInjection.step("stage") }
        let (parent, name) = split(relative)
        let folder: Int32
        switch openFolder(parent, create: true) {
        case .success(let descriptor): folder = descriptor
        case .failure(let problem): throw StoreError.unusablePath(path: relative, problem: problem)
        }
        let temporary = "\(Self.temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, executable ? 0o755 : 0o644)
        guard descriptor >= 0 else {
            let code = errno
            close(folder)
            throw .io(path: relative, operation: .createTemporary, errno: code)
        }
        var written = 0
        while written < contents.count {
            let result = contents.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, contents.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlinkat(folder, temporary, 0)
                close(folder)
                throw .io(path: relative, operation: .write, errno: code)
            }
            written += result
        }
        if durable, fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlinkat(folder, temporary, 0)
            close(folder)
            throw .io(path: relative, operation: .flush, errno: code)
        }
        // Kept open until the rename: the stamp the renamed file then has is read through it.
        return StagedFile(folder: folder, file: descriptor, temporaryName: temporary, name: name, relative: relative, durable: durable)
    }

    /// Replaces (or creates) the file at `relative` atomically.
    public func write(_ relative: String, contents: [UInt8], executable: Bool = false, durable: Bool = true) throws(StoreError) {
        try stage(relative, contents: contents, executable: executable, durable: durable).commit()
    }

    /// Deletes the file at `relative` (a missing file is fine), then any folders it leaves empty,
    /// except the root and `keepFolders`.
    public func remove(_ relative: String, keepFolders: Set<String> = []) throws(StoreError) {
        let (parent, name) = split(relative)
        let folder: Int32
        switch openFolder(parent, create: false) {
        case .success(let descriptor): folder = descriptor
        case .failure(.missing): return
        case .failure(let problem): throw StoreError.unusablePath(path: relative, problem: problem)
        }
        try FaultInjection.step("delete")
        if unlinkat(folder, name, 0) != 0, errno != ENOENT {
            let code = errno
            close(folder)
            throw .io(path: relative, operation: .delete, errno: code)
        }
        fsync(folder)
        close(folder)
        var folderPath = parent
        while !folderPath.isEmpty, !keepFolders.contains(folderPath) {
            let (up, last) = split(folderPath)
            guard case .success(let upper) = openFolder(up, create: false) else { return }
            let removed = unlinkat(upper, last, AT_REMOVEDIR) == 0
            if removed { fsync(upper) }
            close(upper)
            guard removed else { return }
            folderPath = up
        }
    }

    /// Removes the empty folder at `relative`.
    public func removeFolder(_ relative: String) throws(StoreError) {
        let (parent, name) = split(relative)
        guard case .success(let folder) = openFolder(parent, create: false) else { return }
        defer { close(folder) }
        if unlinkat(folder, name, AT_REMOVEDIR) != 0, errno != ENOENT {
            throw .io(path: relative, operation: .delete, errno: errno)
        }
    }

    /// Creates the folder at `relative` (and those on the way) if missing.
    public func makeFolder(_ relative: String) throws(StoreError) {
        switch openFolder(relative, create: true) {
        case .success(let descriptor): close(descriptor)
        case .failure(let problem): throw StoreError.unusablePath(path: relative, problem: problem)
        }
    }

    /// Removes temporary files of writers that died before their rename (`.habit-tmp-<pid>-…` whose
    /// process is gone, or older than an hour in case the pid was reused). A writer that is still
    /// running (a merge driver started by a hand-run `git pull` writes without habit's lock) keeps
    /// its file. Returns how many were removed.
    @discardableResult
    public func sweepTemporaryFiles(in folders: [String], maximumAge: Int = 3600) -> Int {
        var removed = 0
        let now = SystemClock.realtime()
        for relative in folders {
            guard case .success(let names) = list(relative),
                  case .success(let folder) = openFolder(relative, create: false) else { continue }
            defer { close(folder) }
            for name in names where name.hasPrefix(Self.temporaryPrefix) {
                var info = stat()
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let pid = name.dropFirst(Self.temporaryPrefix.count).split(separator: "-").first.flatMap { pid_t($0) }
                let alive = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno == EPERM) } ?? false
                let age = Int(now.tv_sec - info.st_mtim.tv_sec)
                if !alive || age > maximumAge, unlinkat(folder, name, 0) == 0 { removed += 1 }
            }
        }
        return removed
    }

    // MARK: Paths

    /// Opens the folder at `relative` ("" = the root) without following links below the root.
    func openFolder(_ relative: String, create: Bool) -> Result<Int32, FileProblem> {
        var descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0, create, errno == ENOENT {
            if case .failure(let problem) = Self.makeDirectories(root) { return .failure(problem) }
            descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return .failure(errno == ENOTDIR ? .notDirectory(root) : .from(errno: errno)) }
        var walked: [Substring] = []
        for component in relative.split(separator: "/") {
            walked.append(component)
            guard component != "..", component != "." else {
                close(descriptor)
                return .failure(.notDirectory(walked.joined(separator: "/")))
            }
            let name = String(component)
            var next = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, create, errno == ENOENT {
                if mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST {
                    let code = errno
                    close(descriptor)
                    return .failure(.io(code))
                }
                fsync(descriptor)
                next = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let code = errno
            if next < 0 {
                var info = stat()
                let isLink = fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
                close(descriptor)
                let path = walked.joined(separator: "/")
                if isLink || code == ELOOP { return .failure(.symbolicLink(path)) }
                if code == ENOTDIR { return .failure(.notDirectory(path)) }
                return .failure(.from(errno: code))
            }
            close(descriptor)
            descriptor = next
        }
        return .success(descriptor)
    }

    /// `mkdir -p` for the root (its parents are outside the data directory: links there are the
    /// user's business and are followed).
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) -> Result<Void, FileProblem> {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, mode) != 0, errno != EEXIST { return .failure(.io(errno)) }
        }
        return .success(())
    }

    func split(_ relative: String) -> (parent: String, name: String) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative) }
        return (String(relative[..<slash]), String(relative[relative.index(after: slash)...]))
    }
}

/// A file written and flushed under a temporary name, waiting for its rename.
public final class StagedFile {
    private var folder: Int32
    private var file: Int32
    private let temporaryName: String
    private let name: String
    /// The path relative to the directory it belongs to.
    public let relative: String

    private let durable: Bool
    /// The file's stamp once renamed into place, read through its own descriptor (a rename
    /// changes the ctime): whatever appears at the name later cannot lend it its stamp.
    public private(set) var placedStamp: FileStamp?

    init(folder: Int32, file: Int32, temporaryName: String, name: String, relative: String, durable: Bool) {
        self.durable = durable
        self.folder = folder
        self.file = file
        self.temporaryName = temporaryName
        self.name = name
        self.relative = relative
    }

    /// Renames the temporary file over the real name and makes the rename durable.
    public func commit() throws(StoreError) {
        guard folder >= 0 else { return }
        try rename()
        finish(syncing: durable)
    }

    /// Renames each file over its real name, in order, then makes the renames durable with one
    /// fsync of each folder instead of one a file (a change to many trackers renames them all in
    /// `trackers/`): every rename is durable before this returns, as with `commit()` one by one.
    /// A rename that fails stops there: the files renamed before it are made durable, the others
    /// discarded, and the error thrown.
    public static func commit(_ files: [StagedFile]) throws(StoreError) {
        var renamed: [StagedFile] = []
        var failure: StoreError?
        for file in files where file.folder >= 0 {
            guard failure == nil else {
                file.discard()
                continue
            }
            do {
                try file.rename()
                renamed.append(file)
            } catch {
                failure = error
            }
        }
        var synced: Set<String> = []
        for file in renamed {
            file.finish(syncing: file.durable && synced.insert(file.folderPath).inserted)
        }
        if let failure { throw failure }
    }

    /// The folder's path relative to the data directory ("" for the root).
    private var folderPath: String {
        relative.lastIndex(of: "/").map { String(relative[..<$0]) } ?? ""
    }

    private func rename() throws(StoreError) {
        if durable { try FaultInjection.step("rename") }
        if renameat(folder, temporaryName, folder, name) != 0 {
            let code = errno
            discard()
            throw .io(path: relative, operation: .replace, errno: code)
        }
        var info = stat()
        if fstat(file, &info) == 0 { placedStamp = FileStamp(info) }
    }

    private func finish(syncing: Bool) {
        if syncing { fsync(folder) }
        closeFile()
        close(folder)
        folder = -1
    }

    private func closeFile() {
        if file >= 0 { close(file) }
        file = -1
    }

    /// Gives the temporary file the real name only if nothing has that name yet (a hard link, so
    /// a file that appeared meanwhile is never replaced): `EEXIST` when something has. Where the
    /// file system has no hard links, a check and a rename stand in.
    public func commitWithoutReplacing() throws(StoreError) {
        guard folder >= 0 else { return }
        if durable { try FaultInjection.step("rename") }
        if linkat(folder, temporaryName, folder, name, 0) == 0 {
            unlinkat(folder, temporaryName, 0)
        } else {
            let code = errno
            var info = stat()
            if code == EEXIST || fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                discard()
                throw .io(path: relative, operation: .replace, errno: EEXIST)
            }
            let noHardLinks = code == EPERM || code == EOPNOTSUPP || code == EMLINK
            if !noHardLinks || renameat(folder, temporaryName, folder, name) != 0 {
                let failure = noHardLinks ? errno : code
                discard()
                throw .io(path: relative, operation: .replace, errno: failure)
            }
        }
        if durable { fsync(folder) }
        closeFile()
        close(folder)
        folder = -1
    }

    /// For a file that is only a cache (staged with `durable: false`): removes the old file, then
    /// gives the temporary one its name. Renaming over an existing file makes ext4 write the new
    /// file's blocks out then and there (its `auto_da_alloc` guard against empty files after a
    /// crash), a quarter of a millisecond for a warm start's load cache; a cache that is missing
    /// for an instant, or after a crash, only costs a reader some parsing.
    public func commitRemovingOld() throws(StoreError) {
        guard folder >= 0 else { return }
        precondition(!durable, "only a cache may be missing for an instant")
        unlinkat(folder, name, 0)
        try rename()
        finish(syncing: false)
    }

    /// Removes the temporary file; the real one is untouched.
    public func discard() {
        guard folder >= 0 else { return }
        unlinkat(folder, temporaryName, 0)
        closeFile()
        close(folder)
        folder = -1
    }

    deinit { discard() }
}
