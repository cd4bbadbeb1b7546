// swift-tools-version:6.0
import PackageDescription

// Benchmarks live in their own package so that TOMLKit, the reference parser we compare against,
// never becomes a dependency of habit itself. Run them with scripts/bench (docs/performance.md).
let package = Package(
    name: "habit-benchmarks",
    dependencies: [
        .package(name: "habit", path: ".."),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "parser-bench",
            dependencies: [
                .product(name: "TOML", package: "habit"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The floor: the least a program can do to answer `habit list`, i.e. start and list the
        // data directory. habit's targets are set relative to it.
        .executableTarget(name: "list-floor"),
    ],
    swiftLanguageModes: [.v6]
)
