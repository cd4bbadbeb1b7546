import Foundation
import HabitGit
import TestSupport

/// A server a world starts for its tests and stops when it is released.
protocol WorldServer: AnyObject { func stop() }

extension HTTPSServer: WorldServer {}
extension SSHServer: WorldServer {}

/// What the https and ssh tests share: a scratch directory, a real server with a bare repository
/// behind it, a repository to push from and a scratch home for git's credentials. Everything
/// stops when the value is released.
class RemoteWorld<Server: WorldServer> {
    let dir: ScratchDirectory
    let server: Server
    /// The bare repository the server serves.
    let bare: String
    let home: String
    let repository: Repository

    init(dir: ScratchDirectory, server: Server, bare: String) throws {
        self.dir = dir
        self.server = server
        self.bare = bare
        home = dir.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        (repository, _) = try makeRepository(in: dir)
    }

    /// The commit the server's `main` names; empty before the first push.
    func serverHead() throws -> String {
        try git(["rev-parse", "--verify", "-q", "main"], in: bare, allowFailure: true).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var pushed: Bool { (try? serverHead()) == (try? repository.headCommitID())??.description }

    deinit { server.stop() }
}
