#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Serialises writers across processes with `flock` on a lock file kept outside the data: in the
/// repository's git directory (`.git/habit-lock`), or, for a directory without git, in the XDG
/// state directory under a name made from the directory's real path.
///
/// The kernel drops an flock when its process dies, so a killed `habit` never leaves a lock that
/// blocks anyone; the file's text (pid and command) only tells a waiting user who holds it.
public final class DirectoryLock {
    /// Where earlier releases kept the lock: in the data directory itself, where `git status`
    /// shows it in any repository `habit init` did not make.
    public static let legacyFileName = ".habit.lock"
    /// The lock's name inside the git directory. Not `*.lock`: those are git's own lock files,
    /// which habit treats as git's (and may remove when stale).
    public static let gitFileName = "habit-lock"

    /// The files one data directory's lock takes, in the order they are taken.
    public struct Location: Hashable, Sendable {
        /// The lock every writer of this release takes.
        public let path: String
        /// `.habit.lock` in the data directory: taken as well whenever it exists, so that an
        /// older `habit` (which takes only that file, and always leaves it behind) never writes
        /// beside a newer one. It is never created, so a directory only newer releases touched
        /// never gets it.
        public let legacyPath: String?
        /// The folder to make first when it is missing (the state folder's, never git's).
        public let folder: String?

        public init(path: String, legacyPath: String?, folder: String? = nil) {
            self.path = path
            self.legacyPath = legacyPath
            self.folder = folder
        }

        /// The lock of `directory`: under its git directory when it is a repository (`.git` a
        /// folder, or a file naming one as a linked worktree's does), else under `stateFolder`.
        public static func resolve(for directory: DataDirectory, stateFolder: String) -> Location {
            let legacy = directory.path + "/" + DirectoryLock.legacyFileName
            if let git = gitDirectory(of: directory.path) {
                return Location(path: git + "/" + DirectoryLock.gitFileName, legacyPath: legacy)
            }
            let name = DataDirectory.key(ofRealPath: directory.realPath) + ".lock"
            return Location(path: stateFolder + "/locks/" + name, legacyPath: legacy, folder: stateFolder + "/locks")
        }

        /// `.git` when it is a folder; the folder a `gitdir: PATH` file names (relative to the
        /// directory, as git reads it); nil for a plain directory.
        static func gitDirectory(of directory: String) -> String? {
            let dotGit = directory + "/.git"
            var info = stat()
            guard lstat(dotGit, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) == S_IFDIR { return dotGit }
            guard (info.st_mode & S_IFMT) == S_IFREG, let text = readSmallFile(dotGit) else { return nil }
            let line = text.split(separator: "\n").first.map(String.init) ?? ""
            guard line.hasPrefix("gitdir: ") else { return nil }
            let named = String(line.dropFirst("gitdir: ".count)).trimmingTrailingSpace()
            guard !named.isEmpty else { return nil }
            return named.hasPrefix("/") ? named : directory + "/" + named
        }

        private static func readSmallFile(_ path: String) -> String? {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 4096) }
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
        }
    }

    /// Every lock file opened, and those of them this process holds (only those are emptied).
    private var descriptors: [Int32] = []
    private var held: [Int32] = []

    /// Waits up to `timeout` seconds for the lock, calling `onWait` once if it has to wait.
    public init(location: Location, directory: String, timeout: Double = 30, description: String,
                onWait: (String) -> Void = { _ in }) throws(StoreError) {
        if let folder = location.folder { Self.createFolders(folder) }
        var waited = 0.0
        var announced = false
        let wait: (String) -> Void = { holder in
            if !announced, waited >= 0.5 {
                onWait(holder)
                announced = true
            }
            usleep(20_000)
            waited += 0.02
        }
        let primary = open(location.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard primary >= 0 else { throw .io(path: location.path, operation: .openLock, errno: errno) }
        descriptors.append(primary)
        try take(primary, path: location.path, directory: directory, timeout: timeout, waited: { waited }, wait: wait)
        // Only an older release makes this file; opening it without O_CREAT leaves it absent.
        if let legacyPath = location.legacyPath, case let legacy = open(legacyPath, O_RDWR | O_CLOEXEC | O_NOFOLLOW), legacy >= 0 {
            descriptors.append(legacy)
            try take(legacy, path: legacyPath, directory: directory, timeout: timeout, waited: { waited }, wait: wait)
        }
        let text = Array("pid \(getpid()): \(description)\n".utf8)
        for descriptor in held {
            ftruncate(descriptor, 0)
            _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, text.count, 0) }
        }
    }

    /// The lock of `directory` taken where this release keeps it.
    public convenience init(directory: DataDirectory, stateFolder: String, timeout: Double = 30, description: String,
                            onWait: (String) -> Void = { _ in }) throws(StoreError) {
        try self.init(location: .resolve(for: directory, stateFolder: stateFolder), directory: directory.path,
                      timeout: timeout, description: description, onWait: onWait)
    }

    private func take(_ descriptor: Int32, path: String, directory: String, timeout: Double,
                      waited: () -> Double, wait: (String) -> Void) throws(StoreError) {
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                release()
                throw .io(path: path, operation: .lock, errno: code)
            }
            let holder = DirectoryLock.holder(descriptor: descriptor)
            if waited() >= timeout {
                release()
                throw .locked(holder: holder, directory: directory)
            }
            wait(holder)
        }
        held.append(descriptor)
    }

    private func release() {
        for descriptor in held.reversed() {
            ftruncate(descriptor, 0)
            flock(descriptor, LOCK_UN)
        }
        for descriptor in descriptors { close(descriptor) }
        held = []
        descriptors = []
    }

    deinit {
        release()
    }

    private static func createFolders(_ path: String) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }

    private static func holder(descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 256, 0) }
        let text = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "another habit process" : line
    }
}

private extension String {
    func trimmingTrailingSpace() -> String {
        var result = self
        while let last = result.last, last == " " || last == "\r" || last == "\t" { result.removeLast() }
        return result
    }
}
