#if canImport(Glibc)
import Glibc
#endif
import HabitSystem

/// A cheap look at whether the data directory changed: the size, modification time and inode of
/// `habit.toml`, the trackers folder and each tracker file (a `habit done` elsewhere, a sync, a
/// hand edit, a `git pull` all change one). Reading nothing, it costs a few `stat` calls a tick.
struct DirectoryStamp: Equatable {
    private var entries: [String: [Int]] = [:]

    init(path: String) {
        for relative in ["habit.toml", "trackers"] { entries[relative] = Self.stat(path + "/" + relative) }
        for name in DirectoryEntries.names(at: path + "/trackers") ?? [] where name.hasSuffix(".toml") {
            entries["trackers/" + name] = Self.stat(path + "/trackers/" + name)
        }
    }

    private static func stat(_ path: String) -> [Int] {
        var info = Glibc.stat()
        guard lstat(path, &info) == 0 else { return [] }
        return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
    }
}
