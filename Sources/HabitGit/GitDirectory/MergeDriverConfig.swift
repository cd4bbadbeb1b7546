#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// habit's merge driver in `.git/config`: looked for without libgit2, added through libgit2's
/// config writer. git never clones config, so a clone made by `git clone` has no driver until
/// habit adds it; every command checks, and the read-only ones must not start libgit2 for that
/// (docs/performance.md, start-up): only the one command that finds it missing does.
public enum MergeDriverConfig {
    public static let name = "habit data files (three-way merge that keeps every completion)"
    public static let driver = "habit merge-driver %O %A %B %P"

    /// Adds to `directory/.git/config` whichever of `merge.habit.name`, `merge.habit.driver` and
    /// `merge.renames = false` it lacks, through libgit2's config writer (git's `config.lock`, the
    /// person's other lines and comments kept, the file's mode kept). Nothing happens when `.git`
    /// is not a directory or the config not a regular file, when nothing is missing (one read of a
    /// small file, without libgit2), or when the config cannot be written or another process holds
    /// its lock: the next command tries again.
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
        let missing = Entries(QuickRefs.text(path)).missing
        guard !missing.isEmpty else {
            complete.withLock { _ = $0.insert(directory) }
            return false
        }
        // A lock held by another writer: libgit2 would fail on it too, after loading for nothing.
        guard access(path + ".lock", F_OK) != 0, let repository = try? Repository.open(at: directory) else { return false }
        do {
            if missing.contains(.name) { try repository.setConfigValue(name, forKey: "merge.habit.name") }
            if missing.contains(.driver) { try repository.setConfigValue(driver, forKey: "merge.habit.driver") }
            if missing.contains(.renames) { try repository.setConfigValue("false", forKey: "merge.renames") }
        } catch {
            return false
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
}
