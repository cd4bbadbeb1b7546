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
    /// `core.sharedRepository` asks (`group`/`true`: group-writable; `all`/`world`/`everybody`:
    /// readable by all too), by clearing those bits from the process's umask, as git's
    /// `adjust_shared_perm` adds them. libgit2 reads the setting only when it creates a repository.
    public func applySharedRepositoryMode() {
        guard let value = (try? configValue(forKey: "core.sharedRepository"))??.lowercased() else { return }
        let cleared: mode_t
        switch value {
        case "group", "true", "1": cleared = 0o070
        case "all", "world", "everybody", "2": cleared = 0o077
        default: return
        }
        let current = umask(0)
        umask(current & ~cleared)
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
