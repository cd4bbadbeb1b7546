import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HabitSystem

/// Bounds how long a network operation may wait on a silent remote.
///
/// libgit2 1.5 has no server timeout (GIT_OPT_SET_SERVER_TIMEOUT arrived in
/// 1.7) and its callbacks never run while it is blocked in connect()/recv(),
/// so nothing on the calling thread can notice a server that accepts and
/// never answers. The watchdog runs on its own thread; when the remote has
/// been silent for `timeout` it shuts down every internet socket the process
/// opened since the operation started. A blocked recv() then returns
/// end-of-file, a blocked send() fails, a pending connect() is aborted, and
/// libgit2 fails promptly; the caller reports `.timeout`. (The resulting
/// SIGPIPE is contained by `SignalGuard`.) Sockets are found through
/// /proc/self/fd because libgit2 does not expose its socket.
///
/// "Since the operation started" is why network operations are serialised
/// (`networkLock`): two overlapping operations could otherwise interrupt
/// each other's sockets.
///
/// A hostile remote can also talk without pause (an endless list of refs,
/// which libgit2 keeps in memory and reports through no callback), so the
/// watchdog also gives up when the process's memory grows by more than
/// `memoryLimit` or the operation lasts longer than `totalLimit`.
final class Watchdog: @unchecked Sendable {
    /// One network operation with a watchdog at a time per process. Recursive so
    /// that a progress callback starting another operation cannot deadlock.
    static let networkLock = PosixLock(recursive: true)

    private let condition = PosixCondition()
    private let timeout: Duration
    private let socketsBefore: Set<UInt64>
    private let remotePort: UInt16?
    private var deadline: ContinuousClock.Instant
    private let hardDeadline: ContinuousClock.Instant
    private let memoryLimit: Int
    private let residentBefore: Int
    private var finished = false
    private var firedFlag = false
    private var reasonValue: Reason = .silence
    private var bytesReceivedSeen: UInt64 = 0

    /// Why the watchdog gave up.
    enum Reason: Sendable {
        case silence, tooLong, tooMuchMemory
    }

    /// `remotePort` narrows the sockets interrupted to connections to that
    /// port (plus ones still connecting), so sockets of servers living in the
    /// same process, or unrelated connections, are left alone.
    init(timeout: Duration, remotePort: UInt16?, totalLimit: Duration, memoryLimit: Int) {
        self.timeout = timeout
        self.remotePort = remotePort
        self.memoryLimit = memoryLimit
        socketsBefore = Self.internetSockets().reduce(into: []) { $0.insert($1.inode) }
        deadline = SystemClock.continuousNow + timeout
        hardDeadline = SystemClock.continuousNow + totalLimit
        residentBefore = Self.residentBytes()
    }

    /// Why it fired (meaningful once `fired` is true).
    var reason: Reason {
        condition.lock()
        defer { condition.unlock() }
        return reasonValue
    }

    /// Whether the timeout expired; read after the operation to choose the error.
    var fired: Bool {
        condition.lock()
        defer { condition.unlock() }
        return firedFlag
    }

    func start() {
        PosixThread.detach { [self] in run() }
    }

    /// Called from every libgit2 callback: data is arriving, so push the deadline back.
    func noteActivity() {
        condition.lock()
        deadline = SystemClock.continuousNow + timeout
        condition.unlock()
    }

    /// Stops the watchdog. Holding the lock guarantees no socket is touched after
    /// this returns, when the process may reuse descriptor numbers.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        condition.lock()
        defer { condition.unlock() }
        while !finished {
            let now = SystemClock.continuousNow
            // Bytes arriving count as activity even when libgit2 calls nothing back (it lists refs
            // without a callback): a slow machine reading a long list is not a silent remote.
            let received = bytesReceived()
            if received != bytesReceivedSeen, !firedFlag {
                bytesReceivedSeen = received
                deadline = now + timeout
            }
            if !firedFlag {
                if now >= hardDeadline {
                    reasonValue = .tooLong
                } else if Self.residentBytes() - residentBefore > memoryLimit {
                    reasonValue = .tooMuchMemory
                } else if now >= deadline {
                    reasonValue = .silence
                }
            }
            if firedFlag || now >= deadline || now >= hardDeadline || reasonValue != .silence {
                firedFlag = true
                interruptNewSockets()
                // Keep interrupting until the operation gives up, in case it reconnects.
                deadline = now + .milliseconds(100)
            }
            // Wake every 20 ms to watch memory: a remote sending refs makes libgit2 grow by tens of
            // megabytes a second, and nothing else notices.
            let remaining = min(now.duration(to: deadline), .milliseconds(20))
            let seconds = max(0.001, Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18)
            condition.wait(seconds: seconds)
        }
    }

    private func interruptNewSockets() {
        for socket in Self.internetSockets() where !socketsBefore.contains(socket.inode) {
            guard !Self.isListening(socket.fd) else { continue }
            if let remotePort, let peerPort = Self.peerPort(socket.fd), peerPort != remotePort { continue }
            shutdown(socket.fd, Int32(SHUT_RDWR))
        }
    }

    /// The process's resident memory, from /proc/self/statm (0 when unknown).
    static func residentBytes() -> Int {
        let text = QuickRefs.text("/proc/self/statm")
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Bytes received so far on the TCP connections this operation opened, from Linux's TCP_INFO
    /// (`tcpi_bytes_received`, at byte 128 of `struct tcp_info` since Linux 4.1; glibc's header
    /// stops before it, so it is read by offset).
    private func bytesReceived() -> UInt64 {
        var total: UInt64 = 0
        for socket in Self.internetSockets() where !socketsBefore.contains(socket.inode) {
            var info = [UInt8](repeating: 0, count: 232)
            var length = socklen_t(info.count)
            guard getsockopt(socket.fd, Int32(IPPROTO_TCP), 11 /* TCP_INFO */, &info, &length) == 0, length >= 136 else { continue }
            total &+= info.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 128, as: UInt64.self) }
        }
        return total
    }

    private static func isListening(_ fd: Int32) -> Bool {
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 && listening != 0
    }

    /// The port a socket is connected to; nil while it is still connecting.
    private static func peerPort(_ fd: Int32) -> UInt16? {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let connected = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard connected == 0 else { return nil }
        let family = Int32(address.ss_family)
        return withUnsafePointer(to: &address) { pointer in
            switch family {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default:
                return nil
            }
        }
    }

    /// Open IPv4/IPv6 sockets of this process. Unix sockets (ssh-agent) are left alone.
    private static func internetSockets() -> [(fd: Int32, inode: UInt64)] {
        var result: [(fd: Int32, inode: UInt64)] = []
        for fd in openDescriptors() {
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFSOCK else { continue }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0 else { continue }
            let family = Int32(address.ss_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            result.append((fd, UInt64(info.st_ino)))
        }
        return result
    }

    private static func openDescriptors() -> [Int32] {
        // /proc lists only open descriptors; scanning up to the rlimit could mean a million fstat calls.
        if let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            return names.compactMap { Int32($0) }
        }
        return Array(0..<Int32(min(getdtablesize(), 4096)))
    }
}
