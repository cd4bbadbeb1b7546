/// The version `habit --version` prints, from the `git describe` of the checkout it was built from
/// (`BuildInfo`, generated at build time by Plugins/BuildInfoPlugin and scripts/build-info).
enum BuildVersion {
    static let release = "0.2.0"

    static var text: String { text(describing: BuildInfo.describe) }

    /// A build at a release tag `vX.Y.Z` prints `X.Y.Z`; after it, `X.Y.Z-N-gCOMMIT`; a checkout
    /// with no tag, the release with its commit, `0.2.0 (18678c4)`; `-dirty` marks uncommitted
    /// changes. Outside a checkout, the release alone.
    static func text(describing describe: String) -> String {
        if describe.isEmpty { return release }
        if describe.hasPrefix("v"), describe.dropFirst().first?.isNumber == true { return String(describe.dropFirst()) }
        return "\(release) (\(describe))"
    }
}
