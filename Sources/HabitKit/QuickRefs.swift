import Foundation

/// Reads, without libgit2, the little a command needs to know whether anything waits for a sync:
/// whether an `origin` remote is configured, and the commits `main` and `origin/main` point at
/// (loose refs or `packed-refs`). Anything unusual (a detached HEAD, another branch, a worktree's
/// `.git` file) returns what it can and leaves the real answer to libgit2.
struct QuickRefs {
    let hasOrigin: Bool
    let head: String?
    let originMain: String?

    init?(gitDirectory: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: gitDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            // Not a repository, or a `.git` file pointing elsewhere: let the caller decide with libgit2.
            if FileManager.default.fileExists(atPath: gitDirectory) {
                hasOrigin = true
                head = nil
                originMain = nil
                return
            }
            return nil
        }
        let config = (try? String(contentsOfFile: gitDirectory + "/config", encoding: .utf8)) ?? ""
        hasOrigin = config.contains("[remote \"origin\"]")
        let headFile = (try? String(contentsOfFile: gitDirectory + "/HEAD", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let packed = (try? String(contentsOfFile: gitDirectory + "/packed-refs", encoding: .utf8)) ?? ""
        func resolve(_ reference: String) -> String? {
            if let loose = try? String(contentsOfFile: gitDirectory + "/" + reference, encoding: .utf8) {
                let value = loose.trimmingCharacters(in: .whitespacesAndNewlines)
                return value.count == 40 ? value : nil
            }
            for line in packed.split(separator: "\n") where line.hasSuffix(" " + reference) {
                return String(line.prefix(40))
            }
            return nil
        }
        head = headFile.hasPrefix("ref: ") ? resolve(String(headFile.dropFirst(5))) : nil
        originMain = resolve("refs/remotes/origin/main")
    }
}
