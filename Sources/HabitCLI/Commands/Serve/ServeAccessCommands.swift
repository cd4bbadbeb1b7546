import HabitKit
import HabitLocalization
import HabitSystem

/// `habit serve --devices`, `--revoke NAME` and `--token add|list|revoke`: who may use the web
/// app and its JSON API, kept by HabitKit's `ServeAccessFile` in the state folder. They change
/// the file the running server reads, so a revocation takes effect at its next request.
struct ServeAccessCommands {
    let session: Session

    var t: Messages { session.t }
    var file: ServeAccessFile { ServeAccessFile(directory: session.directory, environment: session.context.environment) }

    private func load() throws -> ServeAccess {
        do { return try file.load() } catch { throw ErrorPresenter.failure(error, t) }
    }

    private func update<Value>(_ change: (inout ServeAccess) throws(HabitError) -> (Value, changed: Bool)) throws -> Value {
        do { return try file.update(change) } catch { throw ErrorPresenter.failure(error, t) }
    }

    private func stamp(_ seconds: Int) -> String { LocalTime.minuteText(at: seconds) }

    func listDevices() throws {
        let devices = try load().devices
        guard !devices.isEmpty else { return session.out(t[.serveDevicesNone]) }
        for device in devices {
            session.out(t.text(.serveDevice, TerminalText.safe(device.name), stamp(device.created), stamp(device.lastSeen)))
        }
    }

    func revokeDevice(_ name: String) throws {
        try revoke(name, from: \.devices, named: \.name, unknown: .serveDeviceUnknown, revoked: .serveDeviceRevoked)
    }

    /// Removes the device or token called `name` from the file; an error when there is none.
    private func revoke<Item>(_ name: String, from list: WritableKeyPath<ServeAccess, [Item]>, named: KeyPath<Item, String>,
                              unknown: MessageKey, revoked: MessageKey) throws {
        let found = try update { (access: inout ServeAccess) throws(HabitError) in
            let before = access[keyPath: list].count
            access[keyPath: list].removeAll { $0[keyPath: named] == name }
            return (access[keyPath: list].count < before, changed: access[keyPath: list].count < before)
        }
        guard found else { throw Failure(t.text(unknown, TerminalText.safe(name))) }
        session.out(t.text(revoked, TerminalText.safe(name)))
    }

    /// `--token add NAME`, `--token list`, `--token revoke NAME`; `--feed` makes a calendar feed token.
    func token(_ arguments: [String], readOnly: Bool, tracker: String?, feed: Bool = false) throws {
        let plain = !readOnly && tracker == nil && !feed
        switch (arguments.first, arguments.count) {
        // A feed token reads the whole plan and nothing else: no scope to narrow.
        case ("add", 2) where !feed || (!readOnly && tracker == nil): try addToken(arguments[1], readOnly: readOnly, tracker: tracker, feed: feed)
        case ("list", 1) where plain: try listTokens()
        case ("revoke", 2) where plain: try revokeToken(arguments[1])
        default: throw Failure.usage(t[.serveTokenUsage])
        }
    }

    private func addToken(_ name: String, readOnly: Bool, tracker: String?, feed: Bool) throws {
        guard !name.isEmpty, name.count <= 64, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Failure.usage(t[.serveTokenUsage])
        }
        // The scope keeps the tracker's identifier, which a rename does not change.
        let trackerID = try tracker.map { try session.resolve($0, in: session.load()).id }
        let secret = ServeSecret.make()
        let created = Int(session.context.clockSeconds)
        let scope = ServeAccess.Scope(readOnly: readOnly || feed, tracker: trackerID)
        let added = try update { (access: inout ServeAccess) throws(HabitError) in
            guard !access.tokens.contains(where: { $0.name == name }) else { return (false, changed: false) }
            access.tokens.append(ServeAccess.Token(name: name, hash: ServeSecret.hash(secret), scope: scope, created: created, isFeed: feed))
            return (true, changed: true)
        }
        guard added else { throw Failure(t.text(.serveTokenTaken, TerminalText.safe(name))) }
        session.out(feed ? t.text(.serveFeedTokenMade, TerminalText.safe(name)) : t.text(.serveTokenMade, TerminalText.safe(name), scopeWords(scope)))
        session.out(secret)
    }

    private func listTokens() throws {
        let tokens = try load().tokens
        guard !tokens.isEmpty else { return session.out(t[.serveTokensNone]) }
        for token in tokens {
            session.out(t.text(.serveToken, TerminalText.safe(token.name), token.isFeed ? t[.serveScopeFeed] : scopeWords(token.scope), stamp(token.created),
                               token.lastUsed.map(stamp) ?? t[.serveTokenNeverUsed]))
        }
    }

    private func revokeToken(_ name: String) throws {
        try revoke(name, from: \.tokens, named: \.name, unknown: .serveTokenUnknown, revoked: .serveTokenRevoked)
    }

    private func scopeWords(_ scope: ServeAccess.Scope) -> String {
        switch (scope.readOnly, scope.tracker) {
        case (false, nil): return t[.serveScopeEverything]
        case (true, nil): return t[.serveScopeReadOnly]
        case (false, let tracker?): return t.text(.serveScopeTracker, TerminalText.safe(tracker))
        case (true, let tracker?): return t.text(.serveScopeTrackerReadOnly, TerminalText.safe(tracker))
        }
    }
}
