import Foundation
import HabitGit
import TestSupport

/// A repository as habit keeps one, made by the git CLI: data files in a folder, habit's merge
/// driver registered, one commit.
enum DataRepository {
    static func make(in dir: ScratchDirectory, name: String = "one", files: [String: String]? = nil) throws -> String {
        let path = dir.sub(name)
        try git(["init", "-q", "-b", "main", path], in: dir.path)
        let contents = files ?? ["habit.toml": "week_start = \"monday\"\n", "trackers/read.toml": "name = \"Read\"\n",
                                 "trackers/walk.toml": "name = \"Walk\"\n", "notes/deep/day.toml": "x = 1\n",
                                 ".gitattributes": "habit.toml merge=habit\ntrackers/*.toml merge=habit\n"]
        for (file, text) in contents {
            try FileManager.default.createDirectory(atPath: (path + "/" + file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try writeFile(text, to: path + "/" + file)
        }
        for (key, value) in [("merge.habit.name", "habit data files"), ("merge.habit.driver", "habit merge-driver %O %A %B %P"),
                             ("merge.renames", "false"), ("user.name", "Ann Example"), ("user.email", "ann@example.org")] {
            try git(["config", key, value], in: path)
        }
        try git(["add", "-A"], in: path)
        try git(["commit", "-q", "-m", "Initial"], in: path)
        return path
    }
}
