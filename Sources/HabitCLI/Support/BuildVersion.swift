/// The version `habit --version` prints: the release and, for a build from a checkout, the
/// commit it was built from (written into `BuildInfo.generated.swift` by scripts/version).
enum BuildVersion {
    static let release = "0.2.0"

    static var text: String {
        BuildInfo.commit.isEmpty ? release : "\(release) (\(BuildInfo.commit))"
    }
}
