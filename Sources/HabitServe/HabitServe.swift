import FoundationEssentials
import HabitKit
import HabitLocalization
import HabitStore
import HabitSystem
import Hummingbird

#if canImport(Glibc)
import Glibc
#endif

/// `habit-serve`: the web app over the data directory (docs/serve.md). `habit serve` execs it.
public enum HabitServe {
    /// Exit statuses as the CLI's (docs/cli.md): 1 refused, 2 usage.
    public static func run(_ arguments: [String]) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let words = Messages(Language.from(environment: environment))
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(arguments)
        } catch {
            printError("habit serve: \(error.message)")
            return 2
        }
        if !options.authentication && !options.listen.isLoopback {
            printError(words.text(.serveOpenNetworkRefused, options.listen.authority))
            return 1
        }
        let directory = DataDirectory.resolve(explicit: options.directory, environment: environment)
        guard directory.isInitialized else {
            printError(words.text(.serveNoDataDirectory, directory.path))
            return 1
        }
        if options.pushDue { return await sendPushDue(directory: directory, environment: environment, words: words) }
        let token: AccessToken?
        let openKey: String?
        do {
            token = options.authentication ? try AccessToken.load(environment: environment, renew: options.newToken) : nil
            // Without authentication the CSRF token is derived from the serve token all the same,
            // so a page opened before a restart still posts after it.
            openKey = options.authentication ? nil : try AccessToken.load(environment: environment, renew: false).value
        } catch {
            printError(words.text(.serveTokenNotKept, AccessToken.path(environment: environment), "\(error)"))
            return 1
        }
        let clock = WallClock(environment: environment)
        let habits = Habits(directory: directory, environment: environment, clock: { clock.seconds })
        let links = LoginLinks()
        let app = WebApp(habits: habits, options: options, token: token, environment: environment, links: links, openKey: openKey)
        if let problem = app.devices?.problem() {
            printError(words.text(.serveDevicesUnreadable, ServeAccessFile(directory: directory, environment: environment).path, "\(problem)"))
        }
        // On a wildcard address the URL printed is this machine's loopback one; a phone uses the
        // machine's name or address instead (allowed with --allow-host, or as an IP literal).
        let wildcard = options.listen.host == "0.0.0.0" || options.listen.host == "::"
        let address = "http://" + (wildcard ? "127.0.0.1:\(options.listen.port)" : options.listen.authority)
        let url = token.map { "\(address)/login?token=\($0.value)" } ?? "\(address)/"
        let application = Application(
            router: WebRoutes.router(app),
            server: .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: .init(address: .hostname(options.listen.host, port: options.listen.port), serverName: nil),
            onServerRunning: { _ in
                printLine(words.text(.serveServing, directory.path, url), to: 1)
                if let token { printLine(words.text(.serveTokenKept, token.path), to: 1) }
                let phone = PhoneAddress.lines(listen: options.listen, allowedHosts: options.allowedHosts,
                                               loginLink: token == nil ? nil : links.make(), colored: isatty(1) == 1, words: words)
                printLine(phone.joined(separator: "\n"), to: 1)
            })
        let background = options.syncEvery.map { seconds in
            Task.detached {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(seconds))
                    if Task.isCancelled { break }
                    _ = try? habits.sync(SyncOptions(environment: environment))
                }
            }
        }
        defer { background?.cancel() }
        if let contact = options.pushContact {
            do { try app.push.keepContact(contact) } catch { printError(words.text(.servePushContactNotKept, "\(error)")) }
        }
        // The push reminders, at the reminder times of the trackers still to do (docs/reminders.md).
        let pushing = Task.detached {
            while !Task.isCancelled {
                if let store = try? app.keeper.current() { await app.push.sendDue(store: store, now: Int(app.clock.seconds)) }
                try? await Task.sleep(for: .seconds(app.push.checkSeconds))
            }
        }
        defer { pushing.cancel() }
        do {
            try await application.runService()
        } catch {
            printError("habit serve: \(error)")
            return 1
        }
        return 0
    }

    /// `habit-serve --push-due`: the push reminders due now, sent once (the push run log is the
    /// server's too), for `habit remind run`. 1 when one could not be sent (said on standard error).
    static func sendPushDue(directory: DataDirectory, environment: [String: String], words: Messages) async -> Int32 {
        let clock = WallClock(environment: environment)
        let habits = Habits(
            directory: directory, cache: LoadCache.Location.resolve(for: directory, environment: environment),
            clock: { clock.seconds }, utcOffsetMinutes: LocalTime.utcOffset(at: Int(clock.seconds)) / 60,
            stateFolder: DataDirectory.stateFolder(environment))
        let push = PushReminders(directory: directory, environment: environment, report: { printError($0) })
        // Nothing subscribed: nothing to send, and the log is left to the server.
        guard !push.subscriptions.all().isEmpty else { return 0 }
        let store: Store
        do { store = try habits.read() } catch {
            printError(words.text(.servePushDueUnreadable, directory.path, "\(error)"))
            return 1
        }
        return await push.sendDue(store: store, now: Int(clock.seconds)) ? 0 : 1
    }

    static func printError(_ text: String) { printLine(text, to: 2) }

    /// A whole line at once on a descriptor (standard output is a pipe under a service manager).
    static func printLine(_ text: String, to descriptor: Int32) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
