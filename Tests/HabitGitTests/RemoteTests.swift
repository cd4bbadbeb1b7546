import Foundation
import Testing
import HabitGit
import TestSupport

/// A bare repository `name.git` under `dir/server`, on branch main.
@discardableResult
func makeBare(in dir: ScratchDirectory, _ name: String = "data") throws -> String {
    let path = dir.sub("server/\(name).git")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try git(["init", "-q", "--bare", "-b", "main", path], in: dir.path)
    return path
}

@Suite("Remotes: clone, push, fetch, fast-forward")
struct RemoteTests {
    @Test("cloning an empty remote leaves HEAD on unborn main; the first push creates main on the remote")
    func cloneEmptyThenFirstPush() throws {
        let dir = try gitScratch()
        let bare = try makeBare(in: dir)
        let path = dir.sub("clone")
        let repository = try Repository.clone(from: bare, to: path)
        #expect(repository.isHeadUnborn)
        #expect(try repository.currentBranch() == "main")
        #expect(try git(["symbolic-ref", "HEAD"], in: path) == "refs/heads/main\n")

        try writeFile("a = 1\n", to: path + "/a.toml")
        let commit = try #require(try repository.commit(message: "First"))
        try repository.push()
        #expect(try git(["rev-parse", "main"], in: bare) == commit.hex + "\n")
        #expect(try repository.remoteBranchHead() == commit)
        #expect(try git(["status", "-sb"], in: path) == "## main...origin/main\n")
        #expect(try repository.remoteURL() == bare)
        #expect(try repository.configuredRemoteURL() == bare)
    }

    @Test("first push of a new repository to an empty bare repository over git daemon")
    func firstPushOverDaemon() throws {
        let dir = try gitScratch()
        try makeBare(in: dir)
        let daemon = try GitDaemon(basePath: dir.sub("server"))
        let (repository, path) = try makeRepository(in: dir)
        #expect(try repository.remoteURL() == nil)
        #expect(try repository.configuredRemoteURL() == nil)
        try repository.setRemoteURL(daemon.url("data.git"))
        #expect(try repository.remoteURL() == daemon.url("data.git"))
        // What the screens ask on every refresh reads the same URL from the configuration.
        #expect(try repository.configuredRemoteURL() == daemon.url("data.git"))
        var pushed: [TransferProgress] = []
        try repository.push(options: NetworkOptions(timeout: .seconds(10), progress: { pushed.append($0) }))
        #expect(try git(["rev-parse", "main"], in: dir.sub("server/data.git")) == (try repository.headCommitID())!.hex + "\n")
        #expect(try git(["status", "-sb"], in: path) == "## main...origin/main\n")
        #expect(pushed.allSatisfy { $0.direction == .push })

        // A clone of the non-empty remote is on main and reports fetch progress (its files are the caller's to write).
        var received: [TransferProgress] = []
        let clone = try Repository.clone(from: daemon.url("data.git"), to: dir.sub("second"),
                                         options: CloneOptions(network: NetworkOptions(progress: { received.append($0) })))
        #expect(try clone.currentBranch() == "main")
        let head = try #require(try clone.headCommitID())
        #expect(try clone.data(atPath: "a.toml", in: head) == bytes("a = 1\n"))
        #expect(received.last.map { $0.objects == $0.totalObjects && $0.totalObjects > 0 } == true)
    }

    @Test("fetch updates origin/main and leaves the files; ahead/behind sees it")
    func fetchLeavesFiles() throws {
        let dir = try gitScratch()
        try makeBare(in: dir)
        let daemon = try GitDaemon(basePath: dir.sub("server"))
        let url = daemon.url("data.git")
        let (alice, alicePath) = try makeRepository(in: dir, name: "alice", files: ["a.toml": "1", "old.toml": "x"])
        try alice.setRemoteURL(url)
        try alice.push()
        try git(["clone", "-q", url, dir.sub("bob")], in: dir.path)
        let bob = try Repository.open(at: dir.sub("bob"))

        try writeFile("2", to: alicePath + "/a.toml")
        let newer = try #require(try alice.commit(message: "Second"))
        try alice.push()

        let bobHead = try #require(try bob.headCommitID())
        let fetched = try bob.fetch()
        #expect(fetched.branches == ["main"])
        let upstream = try #require(try bob.remoteBranchHead())
        #expect(upstream == newer)
        #expect(try bob.aheadBehind(local: bobHead, upstream: upstream) == (0, 1))
        #expect(readFile(dir.sub("bob/a.toml")) == "1", "fetch leaves files alone")
    }
}

@Suite("Push rejection, unreachable and silent servers")
struct RemoteFailureTests {
    @Test("push to a remote with commits we lack fails as non-fast-forward")
    func pushNonFastForward() throws {
        let dir = try gitScratch()
        let bare = try makeBare(in: dir)
        let (alice, alicePath) = try makeRepository(in: dir, name: "alice")
        try alice.setRemoteURL(bare)
        try alice.push()
        let bob = try Repository.clone(from: bare, to: dir.sub("bob"))
        try writeFile("bob", to: dir.sub("bob/b.toml"))
        try bob.commit(message: "bob")
        try bob.push()
        try writeFile("alice", to: alicePath + "/c.toml")
        try alice.commit(message: "alice")
        let error = try #require(throws: GitError.self) { try alice.push() }
        #expect(error.kind == .nonFastForward)
        #expect(error.description.contains("sync"))
    }

    @Test("a server hook that refuses the push is reported as a rejection, not success")
    func pushRejectedByHook() throws {
        let dir = try gitScratch()
        let bare = try makeBare(in: dir)
        let hook = bare + "/hooks/pre-receive"
        try writeFile("#!/bin/sh\necho 'pushes are closed today' >&2\nexit 1\n", to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let daemon = try GitDaemon(basePath: dir.sub("server"))
        let (repository, _) = try makeRepository(in: dir)
        try repository.setRemoteURL(daemon.url("data.git"))
        var messages = ""
        let error = try #require(throws: GitError.self) {
            try repository.push(options: NetworkOptions(timeout: .seconds(10), remoteMessage: { messages += $0 }))
        }
        #expect(error.kind == .pushRejected)
        #expect(error.rejectedReferences.map(\.reference) == ["refs/heads/main"])
        #expect(error.rejectedReferences.first?.reason.contains("hook") == true)
        #expect(messages.contains("pushes are closed today"))
        #expect(try git(["rev-parse", "--verify", "-q", "main"], in: bare, allowFailure: true).isEmpty)
        #expect(try repository.remoteBranchHead() == nil)
    }

    @Test("a closed port and a missing repository fail quickly as unreachable")
    func unreachableRemote() throws {
        let dir = try gitScratch()
        let (repository, _) = try makeRepository(in: dir)
        let port = try freePort()
        try repository.setRemoteURL("git://127.0.0.1:\(port)/data.git")
        // No timeout, so no wait for another test's network operation to release the watchdog lock.
        let start = ContinuousClock.now
        let refused = try #require(throws: GitError.self) { try repository.fetch(options: NetworkOptions(timeout: nil)) }
        #expect(refused.kind == .unreachable)
        #expect(ContinuousClock.now - start < .seconds(2))

        try FileManager.default.createDirectory(atPath: dir.sub("server"), withIntermediateDirectories: true)
        let daemon = try GitDaemon(basePath: dir.sub("server"))
        try repository.setRemoteURL(daemon.url("missing.git"))
        let missing = try #require(throws: GitError.self) { try repository.fetch() }
        #expect(missing.kind == .remoteRepositoryNotFound)

        let cloneError = try #require(throws: GitError.self) {
            try Repository.clone(from: "https://user:s3cret@127.0.0.1:\(port)/x.git", to: dir.sub("c"))
        }
        #expect(cloneError.kind == .unreachable)
        #expect(!cloneError.description.contains("s3cret"))
        #expect(cloneError.description.contains("https://***@127.0.0.1"))
    }

    @Test("a server that accepts and never answers is bounded by the timeout")
    func silentServerTimesOut() throws {
        let dir = try gitScratch()
        let silent = try SilentListener()
        let (repository, _) = try makeRepository(in: dir)
        try repository.setRemoteURL("git://127.0.0.1:\(silent.port)/data.git")
        let options = NetworkOptions(timeout: .seconds(1))

        var start = ContinuousClock.now
        let fetchError = try #require(throws: GitError.self) { try repository.fetch(options: options) }
        var elapsed = ContinuousClock.now - start
        #expect(fetchError.kind == .timeout)
        #expect(fetchError.description.contains("did not answer within 1 second"))
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(4), "took \(elapsed)")

        start = ContinuousClock.now
        let pushError = try #require(throws: GitError.self) { try repository.push(options: options) }
        elapsed = ContinuousClock.now - start
        #expect(pushError.kind == .timeout)
        #expect(elapsed < .seconds(4), "took \(elapsed)")

        let cloneError = try #require(throws: GitError.self) {
            try Repository.clone(from: "git://127.0.0.1:\(silent.port)/data.git", to: dir.sub("c"),
                                 options: CloneOptions(network: options))
        }
        #expect(cloneError.kind == .timeout)
    }
}
