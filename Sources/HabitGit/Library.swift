import CLibgit2

/// Process-wide libgit2 set-up.
public enum GitLibrary {
    /// A `static let` initialiser runs exactly once and thread-safely. libgit2 is
    /// never shut down: the last `git_libgit2_shutdown` resets global options
    /// such as search paths, and a later init would silently lose them.
    /// The system's certificate authorities are not parsed here: a local commit never needs
    /// them (docs/performance.md), so an https operation loads them first (`CertificateTrust`).
    private static let initialized: Void = {
        habit_git_init_without_certificates()
        habit_git_enable_fsync(1)
    }()

    static func ensureInitialized() {
        _ = initialized
    }

    /// Makes libgit2 read global, XDG and system configuration from `directory`
    /// instead of the user's home. Process-wide; meant for tests and sandboxes
    /// where the developer's `~/.gitconfig` must not influence results.
    public static func setConfigurationSearchPath(_ directory: String) throws {
        ensureInitialized()
        for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_PROGRAMDATA] {
            try check(habit_git_set_search_path(level.rawValue, directory),
                      "Could not change where git configuration is read from")
        }
    }
}
