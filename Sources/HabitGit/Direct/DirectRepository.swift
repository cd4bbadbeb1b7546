#if canImport(Glibc)
import Glibc
#endif
import HabitSystem

/// A data directory's repository in the shape nearly every change finds it: a `.git` folder, HEAD
/// on a branch, habit's merge driver registered, no step left unfinished, plain configuration.
/// Then a change that rewrites existing files is committed here, without loading libgit2 and
/// the seventeen libraries it needs (38 % of the instructions of a `habit done`): the blobs, the trees on their
/// paths and the commit are written as loose objects, the index entries updated in place, and the
/// branch moved with its reflogs, byte for byte as libgit2 writes them (`DirectRepositoryTests`).
///
/// Whatever this type does not handle (an object only in a pack, a new or deleted file, a filter
/// in the attributes, an unusual index or identity) goes to libgit2's `Repository`, opened on
/// first need, one step at a time: every step is complete on disk before the next begins, so the
/// two may take turns within one change.
public final class DirectRepository: BranchHistory {
    public let workingDirectory: String
    public let gitDirectoryPath: String
    /// As `Repository.commitTime`.
    public var commitTime: GitTime?
    /// `refs/heads/…`, the branch HEAD names.
    let branch: String
    let config: DirectConfig
    private(set) var fullRepository: Repository?
    /// The last commit made here and the blob id of each path it changed (what `updateIndex`
    /// records). Plain arrays and tuples, here and below: each new Dictionary or Set type costs a
    /// process about 0.3 M instructions the first time (its metadata and conformances are
    /// looked up by name), more than the work it would do.
    var lastCommit: (id: CommitID, blobs: [String: [UInt8]])?
    var objects: LooseObjects { LooseObjects(directory: gitDirectoryPath + "/objects") }

    /// nil when the repository is not in that shape (the caller opens a `Repository`).
    public static func open(workingDirectory: String) -> DirectRepository? {
        let gitDirectory = workingDirectory + "/.git"
        var info = stat()
        // libgit2 refuses a repository another user owns (safe.directory): it says so itself.
        guard lstat(gitDirectory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
              let head = DirectFile.read(gitDirectory + "/HEAD") else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        guard text.hasPrefix("ref: refs/heads/"), text.hasSuffix("\n") else { return nil }
        let branch = String(text.dropFirst(5).dropLast())
        guard isPlainBranch(branch), let config = DirectConfig(gitDirectory: gitDirectory),
              !config.hasHabitRecords, config.hasMergeDriver, config.hasRenamesSetting else { return nil }
        return DirectRepository(workingDirectory: workingDirectory, gitDirectory: gitDirectory, branch: branch, config: config)
    }

    private init(workingDirectory: String, gitDirectory: String, branch: String, config: DirectConfig) {
        self.workingDirectory = workingDirectory
        self.gitDirectoryPath = gitDirectory
        self.branch = branch
        self.config = config
    }

    /// libgit2's repository, opened once a step needs it.
    public func full() throws -> Repository {
        if let fullRepository { return fullRepository }
        let repository = try Repository.open(at: workingDirectory)
        repository.commitTime = commitTime
        fullRepository = repository
        return repository
    }

    /// Whether a step was handed to libgit2 (for tests and the benchmark's record).
    public var usedLibgit2: Bool { fullRepository != nil }

    static func isPlainBranch(_ name: String) -> Bool {
        guard name.hasPrefix("refs/heads/"), !name.hasSuffix("/"), !name.hasSuffix(".lock"), !name.contains("..") else { return false }
        return name.dropFirst(11).split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && !part.hasPrefix(".") && part.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E
            }
        }
    }

    // MARK: - Reading the branch

    public func headCommitID() throws -> CommitID? {
        if let fullRepository { return try fullRepository.headCommitID() }
        switch readBranch() {
        case .commit(let id): return id
        case .unborn: return nil
        case .unknown: return try full().headCommitID()
        }
    }

    enum BranchState: Equatable { case commit(CommitID), unborn, unknown }

    /// The branch's commit from its loose file or `packed-refs`.
    func readBranch() -> BranchState {
        let loose = gitDirectoryPath + "/" + branch
        switch Self.kind(loose) {
        case .regular:
            guard let bytes = DirectFile.read(loose), bytes.count == 41, bytes.last == 0x0A,
                  let id = CommitID(hex: String(decoding: bytes.dropLast(), as: UTF8.self)) else { return .unknown }
            return .commit(id)
        case .other: return .unknown
        case .missing: break
        }
        let packedPath = gitDirectoryPath + "/packed-refs"
        switch Self.kind(packedPath) {
        case .missing: return .unborn
        case .other: return .unknown
        case .regular: break
        }
        guard let packed = DirectFile.read(packedPath) else { return .unknown }
        for line in String(decoding: packed, as: UTF8.self).split(separator: "\n") where line.hasSuffix(" " + branch) {
            guard line.utf8.count == 41 + branch.utf8.count, let id = CommitID(hex: String(line.prefix(40))) else { return .unknown }
            return .commit(id)
        }
        return .unborn
    }

    enum FileKind { case regular, missing, other }

    /// What is at `path`: `other` for anything but a regular file, and when it cannot be told.
    static func kind(_ path: String) -> FileKind {
        var info = stat()
        if lstat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFREG ? .regular : .other }
        return errno == ENOENT ? .missing : .other
    }

    // MARK: - Writing a commit

    public func makeCommit(base: CommitID?, changes: [String: TreeChange], parents: [CommitID], message: String) throws -> CommitID {
        if let commit = try makeDirectCommit(base: base, changes: changes, parents: parents, message: message) { return commit }
        let repository = try full()
        let commit = try repository.makeCommit(base: base, changes: changes, parents: parents, message: message)
        loosenTrees(of: commit, onPathsTo: Array(changes.keys), in: repository)
        return commit
    }

    /// Copies the trees on the changed paths of a commit libgit2 made out of the packs, as loose
    /// objects, so that the next change finds them here. libgit2 writes a tree only when the
    /// repository lacks it: after `git gc`, a clone or a sync, a change that brings a file back
    /// to an earlier state (a day undone and done again) gets trees that exist only in a pack,
    /// and every later change would go to libgit2 too. Git allows an object both loose and packed
    /// (`git gc` drops the loose copy). Best effort: a copy that fails only costs the next change
    /// its speed.
    private func loosenTrees(of commit: CommitID, onPathsTo paths: [String], in repository: Repository) {
        guard let ids = try? repository.treeIDs(onPathsTo: paths, in: commit) else { return }
        for id in ids {
            let name = CommitID(id).bytes
            guard access(objects.path(name), F_OK) != 0, let body = repository.treeBody(id),
                  LooseObjects.name(.tree, body) == name else { continue }
            _ = try? objects.write(.tree, body, named: name)
        }
    }

    /// nil when the commit is not one this type writes.
    private func makeDirectCommit(base: CommitID?, changes: [String: TreeChange], parents: [CommitID], message: String) throws -> CommitID? {
        guard let base, parents == [base], !changes.isEmpty, let text = Self.prettified(message),
              let signature = signature(at: commitTime ?? Self.now()),
              let commit = objects.read(base.bytes, as: .commit),
              commit.count > 46, commit[0..<5].elementsEqual("tree ".utf8), commit[45] == 0x0A,
              let rootTree = ObjectID<BlobObject>(hex: String(decoding: commit[5..<45], as: UTF8.self)) else { return nil }
        var blobs: [String: [UInt8]] = [:]
        var files: [(parts: ArraySlice<Substring>, bytes: [UInt8])] = []
        for (path, change) in changes {
            guard case .write(let bytes, executable: false) = change else { return nil }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            guard !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
            files.append((parts[...], bytes))
        }
        // First every tree on the changed paths is read and edited in memory; nothing is written
        // unless all of them are loose and every path is a file that exists.
        var trees: [[UInt8]] = []
        guard let newRoot = rewrite(tree: rootTree.bytes, files: files, trees: &trees, blobs: &blobs, prefix: "") else { return nil }
        for (path, change) in changes.sorted(by: { $0.key < $1.key }) {
            if case .write(let contents, _) = change { _ = try objects.write(.blob, contents, named: blobs[path]) }
        }
        for tree in trees { _ = try objects.write(.tree, tree) }
        var body = "tree \(ObjectID<BlobObject>.hex(newRoot))\nparent \(base.hex)\n"
        body += "author \(signature)\ncommitter \(signature)\n\n\(text)"
        let id = CommitID(bytes: try objects.write(.commit, Array(body.utf8)))
        lastCommit = (id, blobs)
        return id
    }

    /// The id of `tree` with `files` (paths relative to it) given new contents; the new trees'
    /// bodies are appended to `trees`, deepest first. nil when an object is not loose or a path
    /// is not an existing file of mode 100644.
    private func rewrite(tree id: [UInt8], files: [(parts: ArraySlice<Substring>, bytes: [UInt8])], trees: inout [[UInt8]],
                         blobs: inout [String: [UInt8]], prefix: String) -> [UInt8]? {
        guard let body = objects.read(id, as: .tree) else { return nil }
        var tree = TreeObject(body: body)
        var inside: [(folder: Substring, parts: ArraySlice<Substring>, bytes: [UInt8])] = []
        for file in files {
            let name = file.parts.first!
            if file.parts.count == 1 {
                guard let entry = tree.entry(named: String(name)), entry.mode == "100644" else { return nil }
                let blob = LooseObjects.name(.blob, file.bytes)
                tree.replaceID(of: entry, with: blob)
                blobs[prefix + name] = blob
            } else {
                inside.append((name, file.parts.dropFirst(), file.bytes))
            }
        }
        inside.sort { $0.folder < $1.folder }
        var start = 0
        while start < inside.count {
            let folder = inside[start].folder
            var end = start
            while end < inside.count && inside[end].folder == folder { end += 1 }
            guard let entry = tree.entry(named: String(folder)), entry.mode == "40000",
                  let child = rewrite(tree: entry.id, files: inside[start..<end].map { ($0.parts, $0.bytes) }, trees: &trees,
                                      blobs: &blobs, prefix: prefix + folder + "/") else { return nil }
            tree.replaceID(of: entry, with: child)
            start = end
        }
        trees.append(tree.body)
        return LooseObjects.name(.tree, tree.body)
    }

    /// libgit2's `git_message_prettify` for a one-line message: trailing blanks dropped, one
    /// newline added. A message of several lines or none is left to libgit2.
    static func prettified(_ message: String) -> String? {
        guard !message.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C || $0 == 0 }) else { return nil }
        var text = Substring(message)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text.isEmpty ? nil : text + "\n"
    }

    /// "Name <email> seconds +hhmm" as libgit2 writes a signature: git's configured identity, or
    /// `Signature.fallback` when either half is unset (as `Repository.defaultSignature`). nil for
    /// an identity libgit2 would trim or refuse.
    func signature(at time: GitTime) -> String? {
        let identity = config.name != nil && config.email != nil ? (config.name!, config.email!) : (Signature.fallback.name, Signature.fallback.email)
        guard Self.isPlainIdentity(identity.0), Self.isPlainIdentity(identity.1) else { return nil }
        return "\(identity.0) <\(identity.1)> \(time.secondsSinceEpoch) \(Self.zone(time.offsetMinutes))"
    }

    /// No character libgit2 trims from either end (space, control characters, `.,:;<>"\'`) and no
    /// angle bracket or newline inside.
    static func isPlainIdentity(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let crud: Set<UInt8> = Set(".,:;<>\"\\'".utf8)
        guard let first = bytes.first, let last = bytes.last else { return false }
        for edge in [first, last] where edge <= 32 || crud.contains(edge) { return false }
        return !bytes.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 < 0x20 })
    }

    static func zone(_ minutes: Int32) -> String {
        let sign = minutes < 0 ? "-" : "+"
        let magnitude = abs(minutes)
        let hours = magnitude / 60, rest = magnitude % 60
        return sign + (hours < 10 ? "0" : "") + String(hours) + (rest < 10 ? "0" : "") + String(rest)
    }

    /// The clock and the local offset, as `git_signature_now` reads them.
    static func now() -> GitTime {
        let seconds = Int(SystemClock.realtime().tv_sec)
        return GitTime(secondsSinceEpoch: Int64(seconds), offsetMinutes: Int32(LocalTime.utcOffset(at: seconds) / 60))
    }
}
