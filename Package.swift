// swift-tools-version:6.2
import PackageDescription

// Dependencies point one way: habit → HabitCLI → HabitKit → HabitStore/HabitGit/HabitInterchange →
// HabitCore/TOML, with HabitSystem (what they need from the machine) under all but the pure two.
// TOML and HabitCore use only the standard library.
// No `platforms:`: habit builds on Linux only (glibc, FoundationEssentials, libgit2 loaded with dlopen).
let exportsStartHooks: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=mbedtls_x509_crt_parse_file"])]
// The release `habit` (what scripts/build-release installs) is linked by lld with a compact
// relocation table and without a dynamic symbol table of habit's own modules, which nothing looks up
// (docs/performance.md, "What each mechanism buys"):
// - `-z pack-relative-relocs` (RELR, glibc ≥ 2.36): the relative relocations packed instead of a
//   table read at every start; the binary stays position-independent.
// - `--no-export-dynamic` undoes the toolchain's `-export-dynamic`; `--export-dynamic-symbol` above
//   still exports the one libgit2 finds.
let startupLayout: [LinkerSetting] = [
    .unsafeFlags([
        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    ], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "habit",
    products: [
        .executable(name: "habit", targets: ["habit"]),
        .executable(name: "habit-serve", targets: ["habit-serve"]),
        .executable(name: "habit-mcp", targets: ["habit-mcp"]),
        .executable(name: "toml-decode", targets: ["toml-decode"]),
        .library(name: "TOML", targets: ["TOML"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `habit serve`'s HTTP server. No traits: `FullFoundation` off (FoundationEssentials only,
        // as every module of habit) and `ConfigurationSupport` off (swift-configuration unused).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // `habit mcp`'s Model Context Protocol server (over standard input and output).
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        // `habit serve`'s Web Push (RFC 8291 encryption, RFC 8292 VAPID): P-256, HKDF, AES-GCM.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
    ],
    targets: [
        .target(name: "TOML"),
        // A terminal layer of its own (cell grid, frame diff, keys, raw mode, signals), standard
        // library and Glibc only, knowing nothing of habits (docs/terminal-ui.md).
        .target(name: "TerminalUI"),
        // A tiny full-screen program over TerminalUI for its end-to-end tests; built, not installed.
        .executableTarget(name: "terminal-demo", dependencies: ["TerminalUI"]),
        .executableTarget(name: "toml-decode", dependencies: ["TOML"]),
        .target(name: "HabitCore"),
        // What every layer needs from the system, one implementation each: starting a process,
        // listing a folder, the clocks and HABIT_NOW, local time. Standard library + libc only.
        .target(name: "HabitSystem"),
        .target(name: "HabitStore", dependencies: ["HabitCore", "TOML", "HabitSystem"]),
        // libgit2 (headers from libgit2-dev) loaded on first use: trampolines that dlopen
        // libgit2.so.1.5, no -lgit2, so commands that never touch git never load it.
        .target(name: "CLibgit2"),
        .target(name: "HabitGit", dependencies: ["CLibgit2", "CZlib", "HabitSystem"]),
        // How the C shims below open their system library on first use: one helper, one rule.
        .target(name: "CSystemLibrary"),
        // Raw deflate for .zip import and export, through the system's zlib loaded on first use.
        .target(name: "CZlib", dependencies: ["CSystemLibrary"]),
        // Loop's .db backups, read through the system's libsqlite3 loaded on first use.
        .target(name: "CSQLite", dependencies: ["CSystemLibrary"]),
        // `habit serve`'s address as a QR code, through the system's libqrencode loaded on first use.
        .target(name: "CQRencode", dependencies: ["CSystemLibrary"]),
        // `habit serve`'s Web Push messages sent over HTTPS through the system's libcurl, loaded on first use.
        .target(name: "CCurl", dependencies: ["CSystemLibrary"]),
        // The file formats of other tools (Loop's CSV, .zip and .db; harsh; habitctl) and of the
        // exports, read into and written from the model; no use case, no data directory. The SVG
        // heatmap's words come from HabitLocalization.
        .target(name: "HabitInterchange", dependencies: ["HabitCore", "TOML", "CZlib", "CSQLite", "HabitLocalization"]),
        // Every sentence habit says, in every language of Catalogs/ (one translation file each): the
        // message keys, the catalogs, the template language and the formats of dates and numbers,
        // shared by every front-end. CatalogPlugin compiles the files into Swift at build time.
        .target(name: "HabitLocalization", dependencies: ["HabitCore"], exclude: ["Catalogs"], plugins: ["CatalogPlugin"]),
        // The translation files (ARB) and CLDR's plural rules into HabitLocalization's Swift; a
        // tool of the build, never shipped.
        .executableTarget(name: "habit-catalogs"),
        .plugin(name: "CatalogPlugin", capability: .buildTool(), dependencies: ["habit-catalogs"]),
        // The words of every HabitError and file problem (HabitLocalization's catalogs over HabitKit's
        // errors), for every front-end: the CLI adds its exit status, `habit ui` and `habit serve` show them.
        .target(name: "HabitErrorWords", dependencies: ["HabitLocalization", "HabitKit", "HabitInterchange", "HabitStore", "HabitCore", "HabitSystem"]),
        .target(name: "HabitKit", dependencies: ["HabitStore", "HabitGit", "HabitCore", "TOML", "HabitSystem", "HabitInterchange"]),
        // What the screens show (the day, the form's validity, the statistics, a month to pick a
        // day from, a tracker's figures) as data computed once for `habit list`, `habit ui` and the
        // web app, with the catalogs' words for what every front-end says alike; no I/O.
        .target(name: "HabitScreens", dependencies: ["HabitKit", "HabitStore", "HabitCore", "HabitLocalization"]),
        // `habit ui`: the screens full screen over TerminalUI; its state (a key in, a new state and a
        // change out), the keymap, the drawing, and the loop that runs HabitKit's use cases.
        .target(name: "HabitUI", dependencies: ["TerminalUI", "HabitScreens", "HabitKit", "HabitLocalization", "HabitStore", "HabitCore", "HabitSystem"]),
        .target(
            name: "HabitCLI",
            dependencies: [
                "HabitKit", "HabitInterchange", "HabitStore", "HabitCore", "TOML", "HabitSystem", "TerminalUI",
                "HabitLocalization", "HabitErrorWords", "HabitScreens", "HabitUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildInfoPlugin"]
        ),
        // `habit --version`: writes the checkout's `git describe` into HabitCLI before each build.
        .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
        // Both programs export CLibgit2's mbedtls_x509_crt_parse_file, so that libgit2's start
        // skips parsing the system's certificate authorities, which only https needs (loader.c).
        .executableTarget(name: "habit", dependencies: ["HabitCLI"], linkerSettings: exportsStartHooks + startupLayout),
        // `habit serve`: the web app over the data directory, a second executable so the server
        // library never loads in `habit` itself (docs/serve.md). HabitServe holds the app; the
        // executable is a thin main that `habit serve` execs.
        .target(
            name: "HabitServe",
            dependencies: [
                "HabitScreens", "HabitKit", "HabitStore", "HabitCore", "HabitSystem", "HabitInterchange", "TOML", "HabitLocalization", "HabitErrorWords",
                "CZlib", "CQRencode", "CCurl", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The app icon's SVG and the PNGs rendered from it (scripts/render-icons), served from IconImages.swift.
            exclude: ["Pages/Icons"]
        ),
        .executableTarget(name: "habit-serve", dependencies: ["HabitServe"], linkerSettings: exportsStartHooks),
        // `habit mcp`: the Model Context Protocol server for assistants, a second executable for the
        // same reason as habit-serve (docs/mcp.md). HabitMCP holds the tools; `habit mcp` execs habit-mcp.
        .target(
            name: "HabitMCP",
            dependencies: [
                "HabitScreens", "HabitKit", "HabitStore", "HabitCore", "HabitSystem", "HabitLocalization", "HabitErrorWords",
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .executableTarget(name: "habit-mcp", dependencies: ["HabitMCP"], linkerSettings: exportsStartHooks),
        // Writes reproducible synthetic data directories for the benchmarks (docs/performance.md).
        .executableTarget(name: "habit-gen", dependencies: ["HabitCore"]),
        // libFuzzer entry points over the parser and the tracker loader; in an ordinary build it
        // replays inputs given as arguments (docs/reliability.md).
        .executableTarget(name: "habit-fuzz", dependencies: ["TOML", "HabitStore"]),
        // `habit ui` with a key that traps (`App.Setup.trapKey`), for UILiveEndToEndTests' crash run.
        .executableTarget(name: "habit-ui-crash", dependencies: ["HabitUI", "HabitKit", "HabitStore", "HabitLocalization", "HabitCore"],
                          linkerSettings: exportsStartHooks),

        // What every test target shares: a seeded generator, scratch directories, the isolated git
        // CLI, child processes, and loopback servers (a silent listener, git daemon).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The layers of docs/architecture.md checked against every import and Package.swift itself.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "TestSupport"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"]),
        .testTarget(name: "HabitCoreTests", dependencies: ["HabitCore", "TestSupport"]),
        .testTarget(name: "HabitStoreTests", dependencies: ["HabitStore", "HabitCore", "TOML", "TestSupport"]),
        // Exports the same start-up hooks as habit, so that libgit2 starts here as it does there.
        .testTarget(name: "HabitGitTests", dependencies: ["HabitGit", "TestSupport"], linkerSettings: exportsStartHooks),
        .testTarget(name: "HabitScreensTests", dependencies: ["HabitScreens", "HabitKit", "HabitStore", "HabitCore", "HabitLocalization", "TestSupport"]),
        .testTarget(name: "HabitUITests", dependencies: ["HabitUI", "HabitScreens", "HabitLocalization", "HabitKit", "HabitStore", "HabitCore", "TerminalUI", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "HabitSystemTests", dependencies: ["HabitSystem", "TestSupport"]),
        .testTarget(name: "HabitKitTests", dependencies: ["HabitKit", "HabitInterchange", "HabitStore", "HabitGit", "HabitCore", "HabitCLI", "HabitLocalization", "HabitErrorWords", "TestSupport"]),
        .testTarget(name: "ReliabilityTests", dependencies: ["TOML", "HabitStore", "HabitCore", "TestSupport"], exclude: ["Regressions"]),
        .testTarget(name: "HabitServeTests", dependencies: ["HabitServe", "HabitScreens", "HabitKit", "HabitLocalization", "HabitStore", "HabitCore", "TestSupport",
                                                    .product(name: "Hummingbird", package: "hummingbird"),
                                                    .product(name: "Crypto", package: "swift-crypto")], exclude: ["Scripts"]),
        // FrontEndFiguresTests renders one tracker in the three front-ends (CLI, web, terminal app).
        .testTarget(name: "HabitCLITests", dependencies: ["HabitCLI", "HabitLocalization", "HabitUI", "HabitServe", "HabitScreens", "HabitKit", "HabitStore", "HabitInterchange", "HabitCore", "TerminalUI", "TestSupport"], exclude: ["Cases", "Scripts", "Fixtures", "LanguageSamples"]),
    ],
    swiftLanguageModes: [.v6]
)

// CI sets HABIT_STRICT=1 (.ci/run): every warning in the project's own targets is then an error.
// Dependencies are not affected (SwiftPM compiles them with warnings suppressed), and work in
// progress may still build with warnings when the variable is not set.
if Context.environment["HABIT_STRICT"] == "1" {
    for target in package.targets where target.type != .plugin {
        target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
        target.cSettings = (target.cSettings ?? []) + [.treatAllWarnings(as: .error)]
    }
}
