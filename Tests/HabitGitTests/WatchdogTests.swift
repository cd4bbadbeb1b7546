import Testing
@testable import HabitGit

@Suite("Watchdog helpers")
struct WatchdogTests {
    @Test("the remote port is derived from every URL form, so only that connection is interrupted")
    func remotePorts() {
        #expect(RemoteOperation.port(of: "git://127.0.0.1:4242/data.git") == 4242)
        #expect(RemoteOperation.port(of: "git://host/data.git") == 9418)
        #expect(RemoteOperation.port(of: "https://user:tok@github.com/me/data.git") == 443)
        #expect(RemoteOperation.port(of: "http://[::1]:8080/x") == 8080)
        #expect(RemoteOperation.port(of: "https://[::1]/x") == 443)
        #expect(RemoteOperation.port(of: "ssh://git@host:2222/x") == 2222)
        #expect(RemoteOperation.port(of: "git@github.com:me/data.git") == 22)
        #expect(RemoteOperation.port(of: "/srv/git/data.git") == nil)
        #expect(RemoteOperation.port(of: "file:///srv/git/data.git") == nil)
    }
}
