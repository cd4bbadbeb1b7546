#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// habit's merge driver in `.git/config`, read and completed without libgit2. git never clones
/// config, so a clone made by `git clone` has no driver until habit adds it; every command checks,
/// and the read-only ones must not start libgit2 for that (docs/performance.md, start-up).
public enum MergeDriverConfig {
    public static let name = "habit data files (three-way merge that keeps every completion)"
    public static let driver = "habit merge-driver %O %A %B %P"

    /// Adds to `directory/.git/config` whichever of `merge.habit.name`, `merge.habit.driver` and
    /// `merge.renames = false` it lacks, as git writes its config: the whole file into `config.lock`
    /// created exclusively, flushed, then renamed over `config`. Nothing happens when `.git` is not a
    /// directory or the config not a regular file, when nothing is missing (one read of a small
    /// file), or when the config cannot be written or another process holds its lock: the next
    /// command tries again.
    /// - Returns: whether the config was written.
    @discardableResult
    public static func registerIfMissing(workingDirectory directory: String) -> Bool {
        // A config found complete is not read again by this process: a command builds several
        // sessions (its own, its use case's), and a driver once there stays unless removed by hand.
        if complete.withLock({ $0.contains(directory) }) { return false }
        let gitDirectory = directory + "/.git"
        var info = stat()
        guard lstat(gitDirectory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        let path = gitDirectory + "/config"
        // A config that is a link (to a shared file, say) is the person's arrangement: left alone.
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard !Entries(QuickRefs.text(path)).missing.isEmpty else {
            complete.withLock { _ = $0.insert(directory) }
            return false
        }

        let lock = path + ".lock"
        let descriptor = open(lock, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, info.st_mode & 0o777)
        guard descriptor >= 0 else { return false }
        // Read again under the lock: another writer may have finished in between.
        let text = QuickRefs.text(path)
        let missing = Entries(text).missing
        var written = false
        if !missing.isEmpty {
            let bytes = Array((text + addition(missing, after: text)).utf8)
            written = (try? GitFile.write(bytes, to: descriptor, path: lock)) != nil && fsync(descriptor) == 0
        }
        close(descriptor)
        guard written, rename(lock, path) == 0 else {
            unlink(lock)
            return false
        }
        let folder = open(gitDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
        return true
    }

    private static let complete = Mutex<Set<String>>([])

    enum Entry: Hashable { case name, driver, renames }

    /// The entries habit needs that a config's text lacks. Only their presence counts: a value the
    /// person changed by hand is theirs.
    struct Entries {
        let missing: [Entry]

        init(_ text: String) {
            // An array, not a Set: a Set of a new type costs every command the lookup of its
            // metadata and conformances by name the first time (docs/performance.md).
            var found: [Entry] = []
            // (section, subsection) of the current line; section names are case-insensitive,
            // subsections not.
            var section = ("", nil as String?)
            for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let line = String(raw).trimmingCharacters()
                guard let first = line.first, first != "#", first != ";" else { continue }
                if first == "[" {
                    section = Entries.header(line)
                    continue
                }
                let key = String(line.prefix { $0 != "=" && $0 != " " && $0 != "\t" }).lowercased()
                switch (section.0, section.1, key) {
                case ("merge", "habit"?, "name"): found.append(.name)
                case ("merge", "habit"?, "driver"): found.append(.driver)
                case ("merge", nil, "renames"): found.append(.renames)
                default: break
                }
            }
            missing = [Entry.name, .driver, .renames].filter { !found.contains($0) }
        }

        /// `[merge "habit"]` → ("merge", "habit"); `[merge]` → ("merge", nil); the old `[merge.habit]`
        /// form too.
        static func header(_ line: String) -> (String, String?) {
            let inside = line.dropFirst().prefix { $0 != "]" }
            if let quote = inside.firstIndex(of: "\"") {
                let name = String(inside[..<quote]).trimmingCharacters().lowercased()
                let subsection = inside[inside.index(after: quote)...].prefix { $0 != "\"" }
                return (name, String(subsection))
            }
            let lowered = String(inside).trimmingCharacters().lowercased()
            if let dot = lowered.firstIndex(of: ".") {
                return (String(lowered[..<dot]), String(lowered[lowered.index(after: dot)...]))
            }
            return (lowered, nil)
        }
    }

    /// The lines that add `missing` at the end of a config whose text is `text`.
    static func addition(_ missing: [Entry], after text: String) -> String {
        var lines: [String] = []
        if missing.contains(.name) || missing.contains(.driver) {
            lines.append("[merge \"habit\"]")
            if missing.contains(.name) { lines.append("\tname = \(name)") }
            if missing.contains(.driver) { lines.append("\tdriver = \(driver)") }
        }
        if missing.contains(.renames) { lines += ["[merge]", "\trenames = false"] }
        let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
        return separator + lines.joined(separator: "\n") + "\n"
    }
}
