import HabitGit
import HabitStore
#if canImport(Glibc)
import Glibc
#endif

/// Turns the lower layers' errors into `HabitError`: the command line sees no other kind.
enum ErrorTranslation {
    static func translate(_ error: any Error, remoteURL: String? = nil) -> any Error {
        switch error {
        case let error as HabitError: return error
        case let error as StoreError: return translate(error)
        case let error as UnsupportedFormat: return HabitError.unsupportedRepository(setting: error.setting, fix: error.fix)
        case let error as GitError:
            if let format = UnsupportedFormat.fromOpenFailure(error) {
                return HabitError.unsupportedRepository(setting: format.setting, fix: format.fix)
            }
            return translate(error, remoteURL: remoteURL)
        default: return error
        }
    }

    /// What a failed commit step says after "could not be recorded in git": git's own sentence,
    /// never a Swift value.
    static func detail(of error: any Error) -> String {
        switch error {
        case let error as GitError: return error.description
        case HabitError.git(let detail): return detail
        case StoreError.io(let path, _, let code), HabitError.io(let path, _, let code):
            return path + ": " + String(cString: strerror(code))
        case let error as CustomStringConvertible: return error.description
        default: return String(describing: type(of: error))
        }
    }

    static func translate(_ error: StoreError) -> HabitError {
        switch error {
        case .io(let path, let operation, let code): .io(path: path, operation: operation, errno: code)
        case .unusablePath(let path, let problem): .unusablePath(path: path, problem: problem)
        case .notInitialized(let directory): .notInitialized(directory: directory)
        case .invalidData(let diagnostics): .invalidFiles(diagnostics)
        case .locked(let holder, _): .busy(holder: holder)
        }
    }

    static func translate(_ error: GitError, remoteURL: String?) -> HabitError {
        let detail = error.detail.map(redactCredentials)
        let url = redactCredentials(remoteURL ?? "")
        let kind: RemoteFailure.Kind
        switch error.kind {
        case .unreachable: kind = .unreachable
        case .timeout: kind = .timeout
        case .tooLong: kind = .tooLong
        case .tooMuchData: kind = .tooMuchData
        case .authentication: kind = .authentication
        case .certificate:
            if let key = error.hostKey {
                let problem = HostKeyProblem(host: key.host, port: key.port, keyType: key.shortKeyType, fingerprint: key.fingerprint,
                                             knownHostsPath: key.knownHostsPath)
                // The message says all libgit2 would; its own sentence would only repeat it.
                return .remote(RemoteFailure(kind: key.status == .changed ? .changedHostKey(problem) : .unknownHostKey(problem),
                                             url: url, detail: nil))
            } else {
                kind = .certificate
            }
        case .remoteRepositoryNotFound: kind = .repositoryNotFound
        case .identityUnknown:
            return .gitIdentityUnknown
        case .signingFailed(let program):
            return .gitSigningFailed(program: program, detail: detail ?? "")
        case .filterDriver(let name, let path):
            return .gitFilterDriver(name: name, path: path)
        case .pushRejected:
            let reasons = error.rejectedReferences.map { "\($0.reference): \($0.reason)" }
            if let locked = error.rejectedReferences.first(where: { $0.reason.contains("lock") }) {
                kind = .remoteLocked(locked.reason)
            } else {
                kind = .rejected(reasons)
            }
        default:
            guard remoteURL != nil, error.isNetworkFailure else { return .git(detail: redactCredentials(error.description)) }
            kind = .other
        }
        return .remote(RemoteFailure(kind: kind, url: url, detail: detail))
    }
}
