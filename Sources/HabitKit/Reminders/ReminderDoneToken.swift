import HabitStore

/// The API token behind the Done button of a reminder sent to ntfy: one per tracker, named
/// `reminder: ID`, that marks (and reads) that tracker only. Its secret must go into every
/// reminder, yet the state file keeps only hashes; so the secret is derived (HMAC) from a key of
/// this machine, `$XDG_CONFIG_HOME/habit/remind-key` (mode 0600, made at the first reminder that
/// needs it), the data directory and the tracker, and the token is (re)added to `habit serve`'s
/// state file, hashed like every other token, whenever it is not there. Deleting the key file
/// makes new secrets at the next reminder: the buttons of earlier reminders stop working.
public enum ReminderDoneToken {
    /// The token's name in `habit serve --token list`.
    public static func name(tracker: String) -> String { "reminder: " + tracker }

    /// The secret for `tracker`, its hash kept (added or replaced) in the state file.
    public static func secret(tracker: String, directory: DataDirectory, environment: [String: String]) throws(HabitError) -> String {
        let keyPath = SecretFile.path("remind-key", environment: environment)
        var key = SecretFile.read(keyPath)
        if key == nil {
            let made = ServeSecret.make()
            do throws(SecretFile.WriteFailure) { try SecretFile.write(made, to: keyPath) } catch {
                throw .io(path: keyPath, operation: .write, errno: error.errno)
            }
            key = made
        }
        let secret = ServeSecret.mac(key ?? "", "habit remind done\n" + DataDirectory.key(ofRealPath: directory.realPath) + "\n" + tracker)
        let hash = ServeSecret.hash(secret)
        let name = name(tracker: tracker)
        let scope = ServeAccess.Scope(readOnly: false, tracker: tracker)
        try ServeAccessFile(directory: directory, environment: environment).update { (access: inout ServeAccess) throws(HabitError) in
            if access.tokens.contains(where: { $0.name == name && $0.hash == hash && $0.scope == scope && !$0.isFeed }) { return ((), changed: false) }
            access.tokens.removeAll { $0.name == name }
            access.tokens.append(ServeAccess.Token(name: name, hash: hash, scope: scope, created: Int(WallClock(environment: environment).seconds)))
            return ((), changed: true)
        }
        return secret
    }
}
