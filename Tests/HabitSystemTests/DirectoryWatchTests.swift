import Foundation
import HabitSystem
import TestSupport
import Testing

/// A change finished before the question is always seen; nothing is reported twice; a folder
/// replaced is watched anew.
@Suite struct DirectoryWatchTests {
    @Test func aChangeIsSeenOnceAndAReplacedFolderIsWatchedAnew() throws {
        let scratch = try ScratchDirectory("directory-watch")
        let root = scratch.sub("data")
        let trackers = root + "/trackers"
        let files = FileManager.default
        try files.createDirectory(atPath: trackers, withIntermediateDirectories: true)
        let watch = try #require(DirectoryWatch(folders: [root, trackers]))
        #expect(!watch.sawChange(), "nothing happened yet")

        try Data("a = 1\n".utf8).write(to: URL(fileURLWithPath: trackers + "/run.toml"))
        #expect(watch.sawChange(), "a new file was not seen")
        #expect(!watch.sawChange(), "one change was reported twice")

        // Rewritten in place, the same size: an editor that does not rename.
        let handle = try #require(FileHandle(forUpdatingAtPath: trackers + "/run.toml"))
        try handle.write(contentsOf: Data("a = 2\n".utf8))
        try handle.close()
        #expect(watch.sawChange(), "a file rewritten in place was not seen")

        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/habit.toml"))
        #expect(watch.sawChange(), "a file in the first folder was not seen")

        // The trackers folder replaced by another (a checkout that swaps folders): seen, and the
        // new folder is the one watched from then on.
        let other = root + "/trackers-new"
        try files.createDirectory(atPath: other, withIntermediateDirectories: true)
        try files.removeItem(atPath: trackers)
        try files.moveItem(atPath: other, toPath: trackers)
        #expect(watch.sawChange())
        _ = watch.sawChange()
        #expect(!watch.sawChange())
        try Data("b = 1\n".utf8).write(to: URL(fileURLWithPath: trackers + "/swim.toml"))
        #expect(watch.sawChange(), "a file in the new trackers folder was not seen")
    }

    @Test func aFolderThatIsMissingCountsAsChangedUntilItIsThere() throws {
        let scratch = try ScratchDirectory("directory-watch-missing")
        let root = scratch.sub("data")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let watch = try #require(DirectoryWatch(folders: [root, root + "/trackers"]))
        #expect(watch.sawChange() && watch.sawChange(), "an unwatched folder may change unseen")
        try FileManager.default.createDirectory(atPath: root + "/trackers", withIntermediateDirectories: true)
        _ = watch.sawChange()
        #expect(!watch.sawChange())
    }
}
