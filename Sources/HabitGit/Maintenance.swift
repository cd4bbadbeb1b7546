import HabitSystem
#if canImport(Glibc)
import Glibc
#endif

extension Repository {
    /// After a commit, what `git commit` does through `git maintenance run --auto`: when git's own
    /// thresholds say the repository needs it, `git gc --auto --quiet` is started in a session of
    /// its own and not waited for, so the change never waits on it. The thresholds are git's
    /// (`need_to_gc`): more than `gc.auto` (6700) loose objects, estimated from `objects/17` as git
    /// estimates them, or at least `gc.autoPackLimit` (50) packs; `gc.auto=0` or
    /// `maintenance.auto=false` turn it off. git checks again and takes `gc.pid` itself, so a
    /// second start while one runs does nothing. Nothing happens without a `git` in `PATH`.
    /// - Returns: whether git was started.
    @discardableResult
    public func startAutomaticMaintenanceIfDue(environment: [String: String] = ProcessEnvironment.current()) -> Bool {
        let identity = Identity(self)
        if let automatic = identity.setting("maintenance.auto"), !CommitSigning.isTrue(automatic) { return false }
        let looseLimit = identity.setting("gc.auto").flatMap { Int($0) } ?? 6700
        guard looseLimit > 0 else { return false }
        let packLimit = identity.setting("gc.autopacklimit").flatMap { Int($0) } ?? 50
        guard Self.tooManyLooseObjects(in: gitDirectoryPath, limit: looseLimit)
                || (packLimit > 0 && Self.packCount(in: gitDirectoryPath) >= packLimit) else { return false }
        guard let git = Subprocess.find("git", environment: environment) else { return false }
        let root = workingDirectory ?? gitDirectoryPath
        return Subprocess.startDetached(git, ["-C", root, "gc", "--auto", "--quiet"], environment: environment)
    }

    /// git's estimate: more than `limit / 256` (rounded up) loose objects in `objects/17`.
    static func tooManyLooseObjects(in gitDirectory: String, limit: Int) -> Bool {
        let threshold = (limit + 255) / 256
        var count = 0
        var found = false
        forEachName(in: gitDirectory + "/objects/17") { name in
            guard name.utf8.count == 38, name.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return true }
            count += 1
            found = count > threshold
            return !found
        }
        return found
    }

    /// The packs git counts toward `gc.autoPackLimit`: those without a `.keep` file.
    static func packCount(in gitDirectory: String) -> Int {
        var names: [String] = []
        forEachName(in: gitDirectory + "/objects/pack") { names.append($0); return true }
        let kept = Set(names.filter { $0.hasSuffix(".keep") }.map { $0.dropLast(5) })
        return names.filter { $0.hasSuffix(".idx") && !kept.contains($0.dropLast(4)) }.count
    }

    /// Calls `body` with each name in `folder` (none when it cannot be read) until it returns false.
    private static func forEachName(in folder: String, _ body: (String) -> Bool) {
        guard let stream = opendir(folder) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            if !body(name) { return }
        }
    }
}
