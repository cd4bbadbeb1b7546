import CLibgit2
#if canImport(Glibc)
import Glibc
#endif

extension Repository {
    /// Writes `key = value` into this repository's own `.git/config`
    /// (e.g. `merge.habit.driver`), never into the user's global file.
    public func setConfigValue(_ value: String, forKey key: String) throws {
        let local = try localConfig()
        _ = try keepingConfigMode {
            try check(git_config_set_string(local.pointer, key, value), "Could not set \(key) in the repository configuration")
        }
    }

    /// Removes `key` from this repository's `.git/config`; absent keys are fine.
    public func removeConfigValue(forKey key: String) throws {
        let local = try localConfig()
        let code = try keepingConfigMode { git_config_delete_entry(local.pointer, key) }
        if code == GIT_ENOTFOUND.rawValue { return }
        try check(code, "Could not remove \(key) from the repository configuration")
    }

    /// Makes the files and folders this process creates from now on as shareable as
    /// `core.sharedRepository` asks, by setting the process's umask, as git's `adjust_shared_perm`
    /// sets their modes afterwards (libgit2 reads the setting only when it creates a repository):
    /// `group`/`true`/`1` adds read and write for the group, `all`/`world`/`everybody`/`2` read for
    /// everybody too, and an octal mode (`0660`, `0640`) gives files exactly that mode (objects
    /// without write), folders and executables the read bits as search bits too.
    public func applySharedRepositoryMode() {
        guard let value = (try? configValue(forKey: "core.sharedRepository")) ?? nil,
              let permissions = Self.sharedPermissions(value) else { return }
        // Folders get a search bit wherever they get a read bit.
        let allowed = mode_t(permissions.bits | (permissions.bits & 0o444) >> 2)
        let current = umask(0)
        umask(permissions.exact ? 0o777 & ~allowed : current & ~allowed)
    }

    /// The permissions `core.sharedRepository`'s value asks for, as git's `git_config_perm` reads
    /// it: bits added to what the umask gives, or (an octal mode) exactly those bits; nil for
    /// `umask`, `false`, `0`, and a mode git refuses (one the owner cannot read and write).
    static func sharedPermissions(_ value: String) -> (bits: Int, exact: Bool)? {
        switch value.lowercased() {
        case "umask", "false", "no", "off", "": return nil
        case "group", "true", "yes", "on": return (0o660, false)
        case "all", "world", "everybody": return (0o664, false)
        default: break
        }
        guard let number = Int(value, radix: 8), number >= 0 else { return nil }
        switch number {
        case 0: return nil
        case 1: return (0o660, false)
        case 2: return (0o664, false)
        default: return number & 0o600 == 0o600 ? (number & 0o666, true) : nil
        }
    }

    /// Runs a write of `.git/config` and gives the new file the old one's permissions: libgit2
    /// writes it anew with the default mode, and a config kept private (`chmod 600`, as a token
    /// in a remote's URL needs) must stay so, as git keeps it.
    private func keepingConfigMode<Result>(_ write: () throws -> Result) throws -> Result {
        let path = gitDirectoryPath + "/config"
        var before = stat()
        let known = stat(path, &before) == 0
        let result = try write()
        var after = stat()
        if known, stat(path, &after) == 0, after.st_mode & 0o7777 != before.st_mode & 0o7777 {
            chmod(path, before.st_mode & 0o7777)
        }
        return result
    }

    /// The effective value of `key` (repository, then global, then system); nil when unset.
    public func configValue(forKey key: String) throws -> String? {
        let config = try configuration()
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        let code = git_config_get_string_buf(&buffer, config.pointer, key)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "Could not read \(key) from the git configuration")
        return buffer.ptr.map { String(cString: $0) }
    }

    /// The value of `key` in this repository's own `.git/config` only; nil when unset.
    public func localConfigValue(forKey key: String) throws -> String? {
        let local = try localConfig()
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        let code = git_config_get_string_buf(&buffer, local.pointer, key)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "Could not read \(key) from the repository configuration")
        return buffer.ptr.map { String(cString: $0) }
    }

    func configuration() throws -> ConfigHandle {
        var config: OpaquePointer?
        try check(git_repository_config(&config, pointer), "Could not open the git configuration")
        return ConfigHandle(config!)
    }

    private func localConfig() throws -> ConfigHandle {
        let all = try configuration()
        var local: OpaquePointer?
        try check(git_config_open_level(&local, all.pointer, GIT_CONFIG_LEVEL_LOCAL),
                  "Could not open the repository configuration")
        return ConfigHandle(local!)
    }
}
