import Foundation
import Testing

/// One name per feature through the layers: a command of `Sources/HabitCLI/Commands/<Feature>/`
/// finds its use cases in `Sources/HabitKit/<Feature>/` (docs/architecture.md, "Features").
@Suite struct FeatureFolderTests {
    /// HabitKit's folders that are machinery every feature shares, not a feature.
    static let sharedMachinery: Set<String> = ["Transaction", "Errors"]
    /// Features with commands and no use case of their own: reading screens compute from
    /// HabitCore over the store that `Habits.read` returns.
    static let readOnly: Set<String> = ["Progress"]
    /// Commands that start another front-end (`habit serve` execs `habit-serve`, whose changes go
    /// through the use cases of the other features).
    static let frontEnds: Set<String> = ["Serve"]

    static func folders(_ path: String) throws -> Set<String> {
        let url = DependencyTests.root.appendingPathComponent(path)
        var result: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder), isFolder.boolValue {
                result.insert(name)
            }
        }
        return result
    }

    @Test func featureFoldersMatchAcrossTheLayers() throws {
        let commands = try Self.folders("Sources/HabitCLI/Commands")
        let useCases = try Self.folders("Sources/HabitKit")
        let kitFeatures = useCases.subtracting(Self.sharedMachinery)
        #expect(kitFeatures.subtracting(commands).isEmpty,
                "HabitKit folders with no command folder of the same name: \(kitFeatures.subtracting(commands).sorted())")
        #expect(commands.subtracting(kitFeatures).subtracting(Self.readOnly).subtracting(Self.frontEnds).isEmpty,
                "command folders with no HabitKit folder of the same name: \(commands.subtracting(kitFeatures).sorted())")
        #expect(Self.sharedMachinery.isSubset(of: useCases), "a shared folder named here no longer exists")
    }

    @Test func everyCommandLivesInAFeatureFolder() throws {
        let url = DependencyTests.root.appendingPathComponent("Sources/HabitCLI/Commands")
        let loose = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }
        #expect(loose.isEmpty, "commands outside a feature folder: \(loose.sorted())")
    }
}
