// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: habit → HabitCLI → HabitKit → HabitStore/HabitGit → HabitCore/TOML.
// TOML and HabitCore use only the standard library.
let package = Package(
    name: "habit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "habit", targets: ["habit"]),
        .executable(name: "toml-decode", targets: ["toml-decode"]),
        .library(name: "TOML", targets: ["TOML"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "TOML"),
        .executableTarget(name: "toml-decode", dependencies: ["TOML"]),
        .target(name: "HabitCore"),
        .target(name: "HabitStore", dependencies: ["HabitCore", "TOML"]),
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]
        ),
        .target(name: "HabitGit", dependencies: ["CLibgit2"]),
        .target(name: "HabitKit", dependencies: ["HabitStore", "HabitGit", "HabitCore", "TOML"]),
        .target(
            name: "HabitCLI",
            dependencies: [
                "HabitKit", "HabitStore", "HabitCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "habit", dependencies: ["HabitCLI"]),
        // Writes reproducible synthetic data directories for the benchmarks (docs/performance.md).
        .executableTarget(name: "habit-gen", dependencies: ["HabitCore"]),
        // libFuzzer entry points over the parser and the tracker loader; in an ordinary build it
        // replays inputs given as arguments (docs/reliability.md).
        .executableTarget(name: "habit-fuzz", dependencies: ["TOML", "HabitStore"]),

        // Loopback servers the git, CLI and reliability tests share: a silent listener and git daemon.
        .target(name: "LoopbackTestSupport", path: "Tests/LoopbackTestSupport"),
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "HabitCoreTests", dependencies: ["HabitCore"]),
        .testTarget(name: "HabitStoreTests", dependencies: ["HabitStore", "HabitCore", "TOML"]),
        .testTarget(name: "HabitGitTests", dependencies: ["HabitGit", "LoopbackTestSupport"]),
        .testTarget(name: "HabitKitTests", dependencies: ["HabitKit", "HabitStore", "HabitGit", "HabitCore"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["TOML", "HabitStore", "HabitCore", "LoopbackTestSupport"], exclude: ["Regressions"]),
        .testTarget(name: "HabitCLITests", dependencies: ["HabitCLI", "HabitKit", "HabitCore", "LoopbackTestSupport"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
