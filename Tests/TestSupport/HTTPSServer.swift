import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// lighttpd on 127.0.0.1 and a free port serving `git http-backend` over TLS, with a certificate
/// from a certificate authority made for the test (`caFile`; trust it through `GIT_SSL_CAINFO`).
/// The certificate names `localhost` and `127.0.0.1` as DNS names: libgit2's TLS library (mbedTLS
/// 2.28) ignores IP-address names. Bare repositories go in `repositories`.
///
/// Paths: `/git/R` basic authentication (`user`/`password`), fetch and push; `/public/R` anonymous,
/// fetch only; `/old/R` 301 to `/git/R`; `/slow/` answers TLS and then nothing (for timeouts).
public final class HTTPSServer {
    public static let lighttpd = ["/usr/sbin/lighttpd", "/usr/bin/lighttpd"].first { FileManager.default.isExecutableFile(atPath: $0) }
    public static var available: Bool {
        lighttpd != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
            && FileManager.default.fileExists(atPath: "/usr/lib/lighttpd/mod_openssl.so")
    }

    public let directory: String
    public let port: UInt16
    public let caFile: String
    /// A certificate authority that signed nothing here: trusting only it makes the server untrusted.
    public let otherCAFile: String
    public let repositories: String
    public let user = "alice"
    public let password = "wonder land:@"
    private var process: ChildProcess?

    public init(directory: String, gitExecPath: String) throws {
        self.directory = directory
        repositories = directory + "/repos"
        caFile = directory + "/ca.crt"
        otherCAFile = directory + "/other-ca.crt"
        try FileManager.default.createDirectory(atPath: repositories, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/www", withIntermediateDirectories: true)
        let openssl = "/usr/bin/openssl"
        for (name, cn) in [("ca", "habit test CA"), ("other-ca", "some other CA")] {
            try runTool(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "30", "-subj", "/CN=\(cn)",
                                  "-keyout", "\(directory)/\(name).key", "-out", "\(directory)/\(name).crt",
                                  "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
                        scratch: directory)
        }
        try runTool(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-sha256", "-subj", "/CN=localhost",
                              "-keyout", directory + "/server.key", "-out", directory + "/server.csr"], scratch: directory)
        try """
        basicConstraints=CA:FALSE
        keyUsage=critical,digitalSignature,keyEncipherment
        extendedKeyUsage=serverAuth
        subjectAltName=DNS:localhost,DNS:127.0.0.1,IP:127.0.0.1

        """.write(toFile: directory + "/server.ext", atomically: true, encoding: .utf8)
        try runTool(openssl, ["x509", "-req", "-in", directory + "/server.csr", "-CA", caFile, "-CAkey", directory + "/ca.key",
                              "-CAcreateserial", "-days", "30", "-sha256", "-extfile", directory + "/server.ext",
                              "-out", directory + "/server.crt"], scratch: directory)
        let pem = try String(contentsOfFile: directory + "/server.key", encoding: .utf8)
            + String(contentsOfFile: directory + "/server.crt", encoding: .utf8)
        try pem.write(toFile: directory + "/server.pem", atomically: true, encoding: .utf8)
        let hash = try runTool(openssl, ["passwd", "-apr1", password], scratch: directory).trimmingCharacters(in: .whitespacesAndNewlines)
        try "\(user):\(hash)\n".write(toFile: directory + "/htpasswd", atomically: true, encoding: .utf8)
        // A bounded stall: the CGI outlives a killed server, so it must end by itself.
        try "#!/bin/sh\nexec sleep 8\n".write(toFile: directory + "/slow.cgi", atomically: true, encoding: .utf8)
        chmod(directory + "/slow.cgi", 0o755)
        let backend = gitExecPath + "/git-http-backend"
        let repositories = repositories
        let started = try launchOnFreePort("lighttpd", log: directory + "/error.log") { port in
            let config = """
            server.modules = ( "mod_access", "mod_alias", "mod_auth", "mod_authn_file", "mod_cgi",
                               "mod_setenv", "mod_redirect", "mod_openssl" )
            server.bind = "127.0.0.1"
            server.port = \(port)
            server.document-root = "\(directory)/www"
            server.errorlog = "\(directory)/error.log"
            server.max-request-size = 0
            server.stream-response-body = 1
            ssl.engine = "enable"
            ssl.pemfile = "\(directory)/server.pem"
            auth.backend = "htpasswd"
            auth.backend.htpasswd.userfile = "\(directory)/htpasswd"
            setenv.set-environment = ( "GIT_PROJECT_ROOT" => "\(repositories)", "GIT_HTTP_EXPORT_ALL" => "1" )
            $HTTP["url"] =~ "^/old/" {
                url.redirect = ( "^/old/(.*)$" => "/git/$1" )
                url.redirect-code = 301
            }
            else $HTTP["url"] =~ "^/git/" {
                alias.url = ( "/git" => "\(backend)" )
                cgi.assign = ( "" => "" )
                auth.require = ( "" => ( "method" => "basic", "realm" => "git", "require" => "valid-user" ) )
            }
            else $HTTP["url"] =~ "^/slow/" {
                alias.url = ( "/slow" => "\(directory)/slow.cgi" )
                cgi.assign = ( "" => "" )
            }
            else $HTTP["url"] =~ "^/public/" {
                alias.url = ( "/public" => "\(backend)" )
                cgi.assign = ( "" => "" )
            }

            """
            try config.write(toFile: directory + "/lighttpd.conf", atomically: true, encoding: .utf8)
            return try ChildProcess(Self.lighttpd!, ["-D", "-f", directory + "/lighttpd.conf"],
                                    environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"], scratch: directory)
        }
        port = started.port
        process = started.process
    }

    /// `https://localhost:PORT/<path>`.
    public func url(_ path: String) -> String { "https://localhost:\(port)/\(path)" }

    /// Lines of lighttpd's error log (authentication failures show here).
    public var errorLog: String { (try? String(contentsOfFile: directory + "/error.log", encoding: .utf8)) ?? "" }

    public func stop() {
        process?.stop()
        process = nil
    }

    deinit { stop() }
}
