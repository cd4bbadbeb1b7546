/// Filled in by scripts/install and scripts/package-deb for the builds they make (the git
/// description of the checkout); empty in a plain `swift build`.
enum BuildInfo {
    static let commit = ""
}
