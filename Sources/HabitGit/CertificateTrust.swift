import CLibgit2
import FoundationEssentials
import Glibc

/// Applies the certificate authorities an https operation should trust. libgit2 keeps one
/// process-wide list, so operations with different lists take turns; the list is only
/// reloaded when it changes (parsing a directory of certificates takes a few milliseconds).
enum CertificateTrust {
    private static let lock = PosixLock()
    nonisolated(unsafe) private static var applied: CertificateAuthorities?
    nonisolated(unsafe) private static var changedDefault = false

    /// The list libgit2 loads at start on Debian; restored when an operation names none.
    private static let systemDefault = CertificateAuthorities(file: "/etc/ssl/certs/ca-certificates.crt", directory: nil)

    private static let systemDefaultExists = access(systemDefault.file ?? "", R_OK) == 0

    static func with(_ authorities: CertificateAuthorities?, url: String, _ body: () -> Int32) -> Int32 {
        // http:// too: a server may redirect it to https.
        let scheme = url.lowercased()
        guard scheme.hasPrefix("https://") || scheme.hasPrefix("http://") else { return body() }
        lock.lock()
        defer { lock.unlock() }
        // libgit2 started without the system's list (GitLibrary): the first https operation loads it,
        // unless the file is missing, where libgit2 itself would have loaded nothing either.
        let systemListNeeded = changedDefault || (habit_git_certificates_deferred() != 0 && systemDefaultExists)
        let wanted = authorities ?? (systemListNeeded ? systemDefault : nil)
        if let wanted, wanted != applied {
            let code = habit_git_set_ssl_cert_locations(wanted.file, wanted.directory)
            if code < 0 {
                let names = [wanted.file, wanted.directory].compactMap { $0 }.joined(separator: ", ")
                git_error_set_str(Int32(GIT_ERROR_SSL.rawValue), "could not load the certificate authorities in \(names)")
                return GIT_ECERTIFICATE.rawValue
            }
            applied = wanted
            changedDefault = true
        }
        return body()
    }
}
