import Foundation
import Testing
import TestSupport

/// `habit remote set` and `habit sync` as a new user runs them against an ssh or https server of
/// their own on 127.0.0.1: the real binary, a scratch home, the environment a shell would give.
@Suite("Setting up ssh and https remotes with the real binary")
struct RemoteSetupTests {
    @Test("ssh: an unknown host is refused with the command that trusts it, which then works; the agent's key is used",
          .enabled(if: TestTools.installed || SSHServer.available, "openssh-server is not installed (.ci/packages)"))
    func sshFirstContact() throws {
        let habit = try HabitDirectory(label: "sshsetup")
        let server = try SSHServer(directory: habit.scratch.sub("sshd"))
        defer { server.stop() }
        let agent = try SSHAgent(directory: habit.scratch.sub("agent"))
        defer { agent.stop() }
        try agent.add(server.clientKey)
        let bare = habit.scratch.sub("remote.git")
        try GitCommandLine.run(["init", "-q", "--bare", "-b", "main", bare], in: habit.scratch.path)
        let home = habit.environment["HOME"]!
        let environment = ["SSH_AUTH_SOCK": agent.socket, "PATH": "/usr/bin:/bin"]
        #expect(habit.run(["category", "add", "Health"]).succeeded)
        #expect(habit.run(["add", "Run", "--daily", "--category", "Health"]).succeeded)
        #expect(habit.run(["remote", "set", server.url(bare)]).succeeded)

        let refused = habit.run(["sync"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.err.contains("the SSH host key of [127.0.0.1]:\(server.port) is not known"), "\(refused.err)")
        #expect(refused.err.contains("ED25519 fingerprint is \(try server.fingerprint())"), "\(refused.err)")
        let command = try #require(refused.err.split(separator: "\n").first { $0.contains("ssh-keyscan") })
            .trimmingCharacters(in: .whitespaces)
        #expect(command == "ssh-keyscan -t ed25519 -p \(server.port) 127.0.0.1 >> \(home)/.ssh/known_hosts")
        #expect(!FileManager.default.fileExists(atPath: home + "/.ssh/known_hosts"))

        // The user runs what habit printed (~/.ssh must exist, as it does for anyone using ssh).
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        let trusted = try ChildProcess("/bin/sh", ["-c", command], environment: environment, scratch: habit.scratch.path).wait()
        #expect(trusted.succeeded, "\(trusted.all)")
        let synced = habit.run(["sync"], environment: environment)
        #expect(synced.succeeded, "\(synced.all)")
        #expect(try !GitCommandLine.run(["log", "--oneline", "main"], in: bare).isEmpty)

        // The same host with another key: refused loudly, in Russian too.
        try (try server.knownHostsLine(publicKey: server.wrongKey + ".pub")).write(toFile: home + "/.ssh/known_hosts", atomically: true, encoding: .utf8)
        let changed = habit.run(["sync"], environment: environment)
        #expect(changed.status == 1 && changed.err.contains("WARNING: the SSH host key of [127.0.0.1]:\(server.port) has CHANGED"), "\(changed.err)")
        #expect(changed.err.contains("ssh-keygen -R '[127.0.0.1]:\(server.port)' -f \(home)/.ssh/known_hosts"), "\(changed.err)")
        let russian = habit.run(["sync"], environment: environment.merging(["LANG": "ru_RU.UTF-8"]) { $1 })
        #expect(russian.status == 1 && russian.err.contains("ИЗМЕНИЛСЯ"), "\(russian.err)")
    }

    @Test("https: the password in a remote URL is never shown, the test authority comes from GIT_SSL_CAINFO",
          .enabled(if: TestTools.installed || HTTPSServer.available, "lighttpd is not installed (.ci/packages)"))
    func httpsWithPasswordInURL() throws {
        let habit = try HabitDirectory(label: "httpssetup")
        let execPath = try GitCommandLine.run(["--exec-path"], in: habit.scratch.path).trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try HTTPSServer(directory: habit.scratch.sub("https"), gitExecPath: execPath)
        defer { server.stop() }
        try GitCommandLine.run(["init", "-q", "--bare", "-b", "main", server.repositories + "/data.git"], in: habit.scratch.path)
        let token = "Tok3n-That-Must-Not-Leak"
        let url = server.url("git/data.git").replacingOccurrences(of: "https://", with: "https://alice:\(token)@")
        #expect(habit.run(["category", "add", "Health"]).succeeded)
        #expect(habit.run(["add", "Run", "--daily", "--category", "Health"]).succeeded)
        let set = habit.run(["remote", "set", url])
        #expect(set.succeeded && !set.all.contains(token), "\(set.all)")

        let untrusted = habit.run(["sync"])
        #expect(untrusted.status == 1 && untrusted.err.contains("is not trusted") && untrusted.err.contains("GIT_SSL_CAINFO"),
                "\(untrusted.err)")
        let refused = habit.run(["sync"], environment: ["GIT_SSL_CAINFO": server.caFile])
        #expect(refused.status == 1 && refused.err.contains("refused the credentials"), "\(refused.err)")
        for outcome in [untrusted, refused, habit.run(["status"]), habit.run(["remote", "show"])] {
            #expect(!outcome.all.contains(token), "\(outcome.all)")
        }
        let encoded = server.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(habit.run(["remote", "set", url.replacingOccurrences(of: token, with: encoded)]).succeeded)
        let synced = habit.run(["sync"], environment: ["GIT_SSL_CAINFO": server.caFile])
        #expect(synced.succeeded, "\(synced.all)")
        #expect(!synced.all.contains(encoded))
    }
}
