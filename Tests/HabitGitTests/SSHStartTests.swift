import Testing
@testable import HabitGit
import TestSupport

@Suite("libssh2 starts with the first remote operation")
struct SSHStartTests {
    @Test("libgit2 starts without libssh2's crypto; a remote operation, even one that fails, starts it first")
    func aRemoteOperationStartsSSH() throws {
        // The test program exports CLibgit2's libssh2_init, as habit does (Package.swift).
        let dir = try gitScratch()
        let (repository, _) = try makeRepository(in: dir)
        #expect(GitLibrary.sshStart != .atLibraryStart)
        try repository.setRemoteURL(dir.sub("missing.git"))
        #expect(throws: GitError.self) { try repository.push() }
        #expect(GitLibrary.sshStart == .made)
    }
}
