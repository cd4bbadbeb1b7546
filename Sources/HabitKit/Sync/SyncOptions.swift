import HabitGit

/// How to talk to a remote.
public struct SyncOptions {
    /// Seconds the remote may stay silent before habit gives up.
    public var timeout: Double
    /// Credentials come from here: `HABIT_GIT_USERNAME`/`HABIT_GIT_PASSWORD`, `HOME` for ssh keys.
    public var environment: [String: String]
    /// Called as objects arrive or leave, for a progress line on a terminal.
    public var progress: ((TransferStatus) -> Void)?

    public init(timeout: Double = 30, environment: [String: String], progress: ((TransferStatus) -> Void)? = nil) {
        self.timeout = timeout
        self.environment = environment
        self.progress = progress
    }

    var network: NetworkOptions {
        var options = NetworkOptions(timeout: .milliseconds(Int(max(0.1, timeout) * 1000)),
                                     credentials: .fromEnvironment(environment))
        // A lower bound for the hostile-remote tests (and for small machines); 512 MB by default.
        if let megabytes = environment["HABIT_SYNC_MAX_MEMORY_MB"].flatMap(Int.init), megabytes > 0 {
            options.memoryLimit = megabytes << 20
        }
        if let progress {
            options.progress = { transfer in
                progress(TransferStatus(sending: transfer.direction == .push, objects: transfer.objects,
                                        totalObjects: transfer.totalObjects, bytes: transfer.bytes))
            }
        }
        return options
    }
}

/// How far a transfer has come.
public struct TransferStatus: Equatable, Sendable {
    public let sending: Bool
    public let objects: Int
    public let totalObjects: Int
    public let bytes: Int
}
