import CLibgit2
import FoundationEssentials

/// The state of one fetch, push or clone, reached from libgit2's C callbacks
/// through the `payload` pointer (C callbacks cannot capture context).
/// Lives on the calling thread only; the watchdog is the one shared part.
final class RemoteOperation {
    let url: String
    let options: NetworkOptions
    let credentials: CredentialProvider
    private(set) var watchdog: Watchdog?
    var rejectedReferences: [GitError.RejectedReference] = []
    var remoteMessages = ""
    /// The ssh host key that was refused, for the error message.
    var refusedHostKey: SSHHostKey?

    init(url: String, options: NetworkOptions) {
        self.url = url
        self.options = options
        credentials = CredentialProvider(options: options.credentials)
    }

    /// Runs `body` (the libgit2 network call) with callbacks wired to this
    /// operation and the watchdog armed; turns a failure into a `GitError`
    /// whose kind says whether it was a timeout or exhausted credentials.
    func run(_ context: String, _ body: (git_remote_callbacks) -> Int32) throws {
        GitLibrary.ensureInitialized()
        if let timeout = options.timeout {
            Watchdog.networkLock.lock()
            let watchdog = Watchdog(timeout: timeout, remotePort: Self.port(of: url), totalLimit: options.totalLimit,
                                    memoryLimit: options.memoryLimit)
            self.watchdog = watchdog
            watchdog.start()
        }
        defer {
            if let watchdog {
                watchdog.finish()
                Watchdog.networkLock.unlock()
            }
        }
        let code = withExtendedLifetime(self) {
            CertificateTrust.with(options.certificateAuthorities, url: url) {
                SignalGuard.withSIGPIPEBlocked { body(makeCallbacks()) }
            }
        }
        guard code < 0 else {
            credentials.operationSucceeded()
            return
        }
        // Read libgit2's thread-local error first, before anything else can overwrite it.
        let error = GitError.fromLibgit2(code, context)
        if let watchdog, watchdog.fired, let timeout = options.timeout {
            switch watchdog.reason {
            case .silence:
                throw GitError(kind: .timeout, summary: "\(context): the remote did not answer within \(timeout.humanReadable).",
                               detail: error.detail, code: error.code, errorClass: error.errorClass)
            case .tooLong:
                throw GitError(kind: .tooLong, summary: "\(context): the transfer took too long and was stopped.",
                               detail: error.detail, code: error.code, errorClass: error.errorClass)
            case .tooMuchMemory:
                throw GitError(kind: .tooMuchData, summary: "\(context): the remote sent more than habit accepts and was stopped.",
                               detail: error.detail, code: error.code, errorClass: error.errorClass)
            }
        }
        if let hostKey = refusedHostKey {
            let what = hostKey.status == .changed ? "the SSH host key of \(hostKey.hostField) has CHANGED"
                                                  : "the SSH host key of \(hostKey.hostField) is not known"
            throw GitError(kind: .certificate, summary: "\(context): \(what) (\(hostKey.fingerprint)).",
                           detail: error.detail, code: error.code, errorClass: error.errorClass, hostKey: hostKey)
        }
        if credentials.exhausted {
            throw GitError(kind: .authentication,
                           summary: "\(context): authentication failed; check your SSH key or the HABIT_GIT_USERNAME/HABIT_GIT_PASSWORD credentials.",
                           detail: error.detail, code: error.code, errorClass: error.errorClass)
        }
        throw error
    }

    private func makeCallbacks() -> git_remote_callbacks {
        var callbacks = git_remote_callbacks()
        git_remote_init_callbacks(&callbacks, UInt32(GIT_REMOTE_CALLBACKS_VERSION))
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()

        callbacks.credentials = { out, url, username, allowed, payload in
            let operation = RemoteOperation.from(payload)
            guard operation.shouldContinue(), let out else { return GIT_EUSER.rawValue }
            let code = operation.credentials.acquire(out, url: url.map { String(cString: $0) } ?? operation.url,
                                                     usernameFromURL: username.map { String(cString: $0) },
                                                     allowed: allowed)
            // A credential helper may have waited for the user; that was not the server's silence.
            operation.watchdog?.noteActivity()
            return code
        }
        callbacks.certificate_check = { cert, valid, host, payload in
            let operation = RemoteOperation.from(payload)
            operation.watchdog?.noteActivity()
            guard let cert, cert.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else {
                return GIT_PASSTHROUGH.rawValue  // https: the TLS library's verdict stands
            }
            if valid != 0 { return 0 }
            return operation.checkHostKey(UnsafeMutableRawPointer(cert).assumingMemoryBound(to: git_cert_hostkey.self).pointee,
                                          host: host.map { String(cString: $0) } ?? "")
        }
        callbacks.sideband_progress = { text, length, payload in
            let operation = RemoteOperation.from(payload)
            guard operation.shouldContinue() else { return GIT_EUSER.rawValue }
            if let text, length > 0 {
                let message = String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
                // Kept for the error message only, and bounded: a hostile server may talk forever.
                if operation.remoteMessages.utf8.count < 65_536 { operation.remoteMessages += message }
                operation.options.remoteMessage?(message)
            }
            return 0
        }
        callbacks.transfer_progress = { stats, payload in
            let operation = RemoteOperation.from(payload)
            guard operation.shouldContinue() else { return GIT_EUSER.rawValue }
            if let stats = stats?.pointee, let progress = operation.options.progress {
                progress(TransferProgress(direction: .fetch, objects: Int(stats.received_objects),
                                          totalObjects: Int(stats.total_objects),
                                          indexedObjects: Int(stats.indexed_objects), bytes: Int(stats.received_bytes)))
            }
            return 0
        }
        callbacks.push_transfer_progress = { current, total, bytes, payload in
            let operation = RemoteOperation.from(payload)
            guard operation.shouldContinue() else { return GIT_EUSER.rawValue }
            operation.options.progress?(TransferProgress(direction: .push, objects: Int(current), totalObjects: Int(total),
                                                         indexedObjects: 0, bytes: bytes))
            return 0
        }
        callbacks.pack_progress = { _, _, _, payload in
            RemoteOperation.from(payload).shouldContinue() ? 0 : GIT_EUSER.rawValue
        }
        callbacks.update_tips = { _, _, _, payload in
            RemoteOperation.from(payload).shouldContinue() ? 0 : GIT_EUSER.rawValue
        }
        // A hook rejection makes git_remote_push return 0; this is the only place it shows.
        callbacks.push_update_reference = { reference, status, payload in
            let operation = RemoteOperation.from(payload)
            if let status {
                operation.rejectedReferences.append(GitError.RejectedReference(
                    reference: reference.map { String(cString: $0) } ?? "",
                    reason: String(cString: status)))
            }
            return 0
        }
        return callbacks
    }

    /// libgit2 found no match in the process's `$HOME/.ssh/known_hosts`: accept the key when the
    /// known_hosts of habit's environment lists it, else remember it for the error and refuse.
    private func checkHostKey(_ certificate: git_cert_hostkey, host: String) -> Int32 {
        guard certificate.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = certificate.hostkey else {
            return GIT_PASSTHROUGH.rawValue
        }
        let key = Data(bytes: raw, count: certificate.hostkey_len)
        let keyType = KnownHosts.keyType(ofBlob: key) ?? "unknown"
        let port = Int(Self.port(of: url) ?? 22)
        let path = options.credentials.knownHostsPath ?? (options.credentials.home + "/.ssh/known_hosts")
        let verdict = KnownHosts.check(path: path, host: host, port: port, keyType: keyType, key: key)
        if verdict == .match { return 0 }
        let sha256 = withUnsafeBytes(of: certificate.hash_sha256) { Data($0) }
        var fingerprint = "SHA256:" + sha256.base64EncodedString()
        while fingerprint.hasSuffix("=") { fingerprint.removeLast() }
        refusedHostKey = SSHHostKey(host: host, port: port, keyType: keyType, fingerprint: fingerprint,
                                    key: key.base64EncodedString(), status: verdict == .unknown ? .unknown : .changed,
                                    knownHostsPath: path)
        git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), "the SSH host key of \(host) is not in \(path)")
        return GIT_ECERTIFICATE.rawValue
    }

    /// The TCP port `url` connects to; nil for local paths or when it cannot tell.
    /// A proxy in between would be on another port, so the watchdog then finds
    /// no matching socket: timeouts are not enforced through proxies.
    static func port(of url: String) -> UInt16? {
        guard let schemeEnd = url.firstRange(of: "://") else {
            // scp-like user@host:path is ssh; anything else is a local path.
            if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return 22 }
            return nil
        }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        let defaults: [String: UInt16] = ["git": 9418, "ssh": 22, "git+ssh": 22, "ssh+git": 22, "http": 80, "https": 443]
        guard let defaultPort = defaults[scheme] else { return nil }
        var authority = url[schemeEnd.upperBound...].prefix { $0 != "/" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        // The port follows the last colon, unless that colon is inside an IPv6 literal.
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            return UInt16(authority[authority.index(after: colon)...]) ?? defaultPort
        }
        return defaultPort
    }

    private static func from(_ payload: UnsafeMutableRawPointer?) -> RemoteOperation {
        Unmanaged<RemoteOperation>.fromOpaque(payload!).takeUnretainedValue()
    }

    /// Records activity; false once the watchdog has given up, so libgit2 stops at the next callback.
    private func shouldContinue() -> Bool {
        guard let watchdog else { return true }
        if watchdog.fired { return false }
        watchdog.noteActivity()
        return true
    }
}

extension Duration {
    var humanReadable: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return "\((value * 10).rounded() / 10) seconds"
    }
}
