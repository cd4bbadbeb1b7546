import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A `git://` server on 127.0.0.1 that misbehaves on purpose, one way per instance: it answers
/// every connection with an endless list of refs, or with an error text of its choosing (terminal
/// escapes included). It speaks just enough of git's pkt-line protocol for a client to believe it.
public final class HostileGitServer: @unchecked Sendable {
    public enum Behaviour: Sendable {
        /// Ref advertisements without end, until the client hangs up.
        case endlessRefs
        /// The same list sent in bursts of `refs` refs, `pause` apart: slow, but never silent.
        case trickledRefs(refs: Int, pause: Duration)
        /// `ERR <text>` as the first packet, then the connection closes.
        case error(String)
    }

    private let listener: SilentListener
    private let behaviour: Behaviour
    private let stopped = NSLock()
    private var isStopped = false
    /// Bytes written to clients so far (for the test to report).
    public private(set) var bytesSent = 0

    public var port: UInt16 { listener.port }
    public func url(_ path: String) -> String { "git://127.0.0.1:\(port)/\(path)" }

    public init(_ behaviour: Behaviour) throws {
        listener = try SilentListener()
        self.behaviour = behaviour
        signal(SIGPIPE, SIG_IGN)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { stop() }

    public func stop() {
        stopped.lock()
        isStopped = true
        stopped.unlock()
        shutdown(listener.fd, Int32(SHUT_RDWR))
    }

    private var shouldStop: Bool {
        stopped.lock()
        defer { stopped.unlock() }
        return isStopped
    }

    private func serve() {
        while !shouldStop {
            let client = accept(listener.fd, nil, nil)
            if client < 0 { if shouldStop { return } else { continue } }
            let thread = Thread { [self] in
                answer(client)
                close(client)
            }
            thread.start()
        }
    }

    /// A pkt-line: four hex digits of length (including themselves), then the payload.
    static func packet(_ payload: String) -> [UInt8] {
        let bytes = Array(payload.utf8)
        return Array(String(format: "%04x", bytes.count + 4).utf8) + bytes
    }

    private func answer(_ client: Int32) {
        // The request: one pkt-line naming the service and the repository.
        var request = [UInt8](repeating: 0, count: 4096)
        _ = read(client, &request, request.count)
        switch behaviour {
        case .error(let text):
            _ = send(client, Self.packet("ERR " + text))
        case .endlessRefs:
            sendRefs(client, burst: 256, pause: nil)
        case .trickledRefs(let refs, let pause):
            sendRefs(client, burst: refs, pause: pause)
        }
    }

    private func sendRefs(_ client: Int32, burst: Int, pause: Duration?) {
        let oid = String(repeating: "1", count: 40)
        guard send(client, Self.packet("\(oid) HEAD\0multi_ack side-band-64k ofs-delta\n")) else { return }
        var number = 0
        while !shouldStop {
            var chunk: [UInt8] = []
            for _ in 0..<burst {
                chunk += Self.packet("\(oid) refs/heads/branch-with-a-long-name-\(number)\n")
                number += 1
            }
            guard send(client, chunk) else { return }
            if let pause { Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18) }
        }
    }

    private func send(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            if written <= 0 { return false }
            offset += written
            stopped.lock()
            bytesSent += written
            stopped.unlock()
        }
        return true
    }
}
