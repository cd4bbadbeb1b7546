#if canImport(Glibc)
import Glibc
#endif

extension DirectRepository {
    /// Records files this type has just committed in the index, as `IndexShortcut` does through
    /// libgit2: each file is read back and must hold exactly the committed bytes, with no filter
    /// that could change them; its entry then takes the file's stat data and the commit's blob id.
    /// Anything else, and an index holding another entry git would call racily clean (libgit2
    /// rereads such files before it writes the index), goes to libgit2.
    @discardableResult
    public func updateIndex(paths: [String], written: [String: [UInt8]], in commit: CommitID?) throws -> [String] {
        if fullRepository == nil, let commit, let last = lastCommit, last.id == commit, case let blobs = last.blobs, !paths.isEmpty,
           paths.allSatisfy({ written[$0] != nil && blobs[$0] != nil }),
           try updateIndexDirectly(paths: paths, written: written, blobs: blobs) {
            return paths.sorted()
        }
        return try full().updateIndex(paths: paths, written: written, in: commit)
    }

    private func updateIndexDirectly(paths: [String], written: [String: [UInt8]], blobs: [String: [UInt8]]) throws -> Bool {
        let path = gitDirectoryPath + "/index"
        let lock = try DirectFile.lock(path)
        defer { lock.release() }
        var stamp = stat()
        guard stat(path, &stamp) == 0, let bytes = DirectFile.read(path), var index = IndexFile(bytes) else { return false }
        var updated: [Int] = []
        for file in paths.sorted() {
            guard let entry = index.entry(file), entry.mode == 0o100644, !config.mayFilter(file, workingDirectory: workingDirectory),
                  let status = Self.statIfHolding(workingDirectory + "/" + file, bytes: written[file]!) else { return false }
            index.update(entryAt: entry.offset, stat: status, id: blobs[file]!)
            updated.append(entry.offset)
        }
        // libgit2 rereads every other file whose entry is not older than the index (git's "racily
        // clean" entries) and marks those that changed: that stays libgit2's work.
        let indexTime = (UInt32(truncatingIfNeeded: stamp.st_mtim.tv_sec), UInt32(truncatingIfNeeded: stamp.st_mtim.tv_nsec))
        for entry in index.entries where !updated.contains(entry.offset) {
            if entry.mtime.0 > indexTime.0 || (entry.mtime.0 == indexTime.0 && entry.mtime.1 >= indexTime.1) { return false }
        }
        for file in paths { index.invalidateTrees(on: file) }
        try lock.write(index.serialized())
        try lock.replace()
        return true
    }

    /// The stat data of the regular, non-executable file at `path`, read through one descriptor
    /// that also reads exactly `bytes` from it (one byte more is asked for, so a file that grew
    /// differs); nil otherwise. As libgit2 fills an entry from `stat`, `dev` from `st_rdev`.
    static func statIfHolding(_ path: String, bytes: [UInt8]) -> IndexFile.Stat? {
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o100 == 0,
              Int(info.st_size) == bytes.count else { return nil }
        guard IndexShortcut.contentsEqual(descriptor, bytes) else { return nil }
        func word(_ value: some BinaryInteger) -> UInt32 { UInt32(truncatingIfNeeded: value) }
        return IndexFile.Stat(ctime: (word(info.st_ctim.tv_sec), word(info.st_ctim.tv_nsec)),
                              mtime: (word(info.st_mtim.tv_sec), word(info.st_mtim.tv_nsec)),
                              dev: word(info.st_rdev), ino: word(info.st_ino), mode: 0o100644,
                              uid: word(info.st_uid), gid: word(info.st_gid), size: word(info.st_size))
    }
}
