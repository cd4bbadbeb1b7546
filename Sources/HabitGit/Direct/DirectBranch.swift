#if canImport(Glibc)
import Glibc
#endif

extension DirectRepository {
    /// Moves the branch from `old` to `new` as libgit2 does: its lock taken, the value checked
    /// under it, a line appended to the branch's reflog and HEAD's, the new value flushed and
    /// renamed into place, and the folder flushed. The reflog lines are not flushed, as git does
    /// not flush them with `core.fsync=all` (libgit2 does, twice each): the repository never
    /// depends on them, and they cost a commit two of its eight flushes. A branch that moved
    /// meanwhile is left to libgit2, which refuses with its own words.
    public func moveCurrentBranch(from old: CommitID?, to new: CommitID, message: String) throws {
        if let fullRepository { return try fullRepository.moveCurrentBranch(from: old, to: new, message: message) }
        let path = gitDirectoryPath + "/" + branch
        let lock = try DirectFile.lock(path)
        defer { lock.release() }
        let current = readBranch()
        guard current == (old.map { .commit($0) } ?? .unborn), !message.contains("\n") else {
            lock.release()
            return try full().moveCurrentBranch(from: old, to: new, message: message)
        }
        let now = Self.now()
        let who = config.name != nil && config.email != nil && Self.isPlainIdentity(config.name!) && Self.isPlainIdentity(config.email!)
            ? "\(config.name!) <\(config.email!)>" : "unknown <unknown>"
        let line = "\(old?.hex ?? String(repeating: "0", count: 40)) \(new.hex) \(who) \(now.secondsSinceEpoch) \(Self.zone(now.offsetMinutes))\t\(message)\n"
        for log in ["logs/" + branch, "logs/HEAD"] { try appendLog(log, line: line) }
        try lock.write(Array((new.hex + "\n").utf8))
        try lock.flush()
        try lock.replace()
        try DirectFile.flushFolder(String(path[..<path.lastIndex(of: "/")!]))
    }

    private func appendLog(_ relative: String, line: String) throws {
        var folder = gitDirectoryPath
        for part in relative.split(separator: "/").dropLast() {
            folder += "/" + part
            if mkdir(folder, 0o777) != 0 && errno != EEXIST { throw DirectFailure("Could not create \(folder)", errno: errno) }
        }
        let path = gitDirectoryPath + "/" + relative
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw DirectFailure("Could not open \(path)", errno: errno) }
        defer { close(descriptor) }
        try DirectFile.write(Array(line.utf8), to: descriptor, path: path)
    }
}
