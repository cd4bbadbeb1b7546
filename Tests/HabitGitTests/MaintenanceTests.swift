import Foundation
import Synchronization
import Testing
@testable import HabitGit
import TestSupport

/// After a change, git's automatic gc starts when git's own thresholds say so, and is not waited
/// for (issue 35).
@Suite("Automatic maintenance")
struct MaintenanceTests {
    @Test("gc --auto starts past gc.auto's estimate from objects/17, not below it, nor with gc.auto=0 or maintenance.auto=false")
    func thresholds() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        #expect(!repository.startAutomaticMaintenanceIfDue(), "a new repository needs nothing")
        // gc.auto=1: more than one loose object in objects/17, as git estimates.
        try git(["config", "gc.auto", "1"], in: path)
        var index = 0
        while (try? FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/17"))?.count ?? 0 < 2 {
            _ = try repository.storeBlob(bytes("blob \(index)\n"))
            index += 1
        }
        #expect(Repository.tooManyLooseObjects(in: path + "/.git", limit: 1))
        #expect(!Repository.tooManyLooseObjects(in: path + "/.git", limit: 6700))
        try git(["config", "maintenance.auto", "false"], in: path)
        #expect(!repository.startAutomaticMaintenanceIfDue())
        try git(["config", "maintenance.auto", "true"], in: path)
        try git(["config", "gc.auto", "0"], in: path)
        #expect(!repository.startAutomaticMaintenanceIfDue())
        try git(["config", "gc.auto", "1"], in: path)

        let started = Date()
        #expect(repository.startAutomaticMaintenanceIfDue(environment: GitCommandLine.environment))
        #expect(Date().timeIntervalSince(started) < 2, "not waited for")
        // git gc packs the refs: the sign that it ran.
        var waited = 0.0
        while !FileManager.default.fileExists(atPath: path + "/.git/packed-refs") || FileManager.default.fileExists(atPath: path + "/.git/gc.pid") {
            guard waited < 30 else { Issue.record("git gc --auto did not run"); break }
            Thread.sleep(forTimeInterval: 0.1)
            waited += 0.1
        }
        #expect(try git(["fsck", "--strict", "--no-progress", "--no-dangling"], in: path) == "")
    }

    @Test("packs count toward gc.autoPackLimit unless kept")
    func packs() throws {
        let dir = try gitScratch()
        let (_, path) = try makeRepository(in: dir)
        #expect(Repository.packCount(in: path + "/.git") == 0)
        try git(["repack", "-q", "-d"], in: path)
        #expect(Repository.packCount(in: path + "/.git") == 1)
        let pack = try #require(try FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/pack").first { $0.hasSuffix(".idx") })
        _ = FileManager.default.createFile(atPath: path + "/.git/objects/pack/" + pack.dropLast(4) + ".keep", contents: nil)
        #expect(Repository.packCount(in: path + "/.git") == 0)
    }

    @Test("octal core.sharedRepository values are read as git reads them")
    func sharedPermissions() {
        #expect(Repository.sharedPermissions("0640")! == (0o640, true))
        #expect(Repository.sharedPermissions("0660")! == (0o660, true))
        #expect(Repository.sharedPermissions("group")! == (0o660, false))
        #expect(Repository.sharedPermissions("1")! == (0o660, false))
        #expect(Repository.sharedPermissions("everybody")! == (0o664, false))
        #expect(Repository.sharedPermissions("umask") == nil)
        #expect(Repository.sharedPermissions("0") == nil)
        #expect(Repository.sharedPermissions("0460") == nil, "git refuses a mode its owner cannot write")
    }

    @Test("objects/xx folders removed while commits are written (as git gc's prune-packed removes them): every commit made")
    func vanishingObjectFolders() throws {
        let dir = try gitScratch()
        let (repository, path) = try makeRepository(in: dir)
        let head = try #require(try repository.headCommitID())
        let stop = Mutex(false)
        let remover = Thread {
            let objects = path + "/.git/objects/"
            while !stop.withLock({ $0 }) {
                // rmdir removes only empty folders: the moment a folder is made and not yet filled.
                for byte in 0..<256 { rmdir(objects + String(format: "%02x", byte)) }
                usleep(10_000)  // as often as a `git gc` loop could, not more
            }
        }
        remover.start()
        defer { stop.withLock { $0 = true } }
        var made: [CommitID] = []
        for index in 0..<300 {
            made.append(try repository.makeCommit(base: head, changes: ["a.toml": .write(bytes("a = \(index)\n"), executable: false)],
                                                  parents: [head], message: "change \(index)"))
        }
        stop.withLock { $0 = true }
        for id in made.suffix(20) { #expect(try git(["cat-file", "-t", id.hex], in: path) == "commit\n") }
    }
}
