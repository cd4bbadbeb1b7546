import Testing
@testable import HabitCLI

@Suite struct BuildVersionTests {
    @Test("the version text from each kind of git description", arguments: [
        ("", BuildVersion.release),
        ("v1.2.0", "1.2.0"),
        ("v1.2.0-3-g18678c4", "1.2.0-3-g18678c4"),
        ("v1.2.0-dirty", "1.2.0-dirty"),
        ("18678c4", "\(BuildVersion.release) (18678c4)"),
        ("18678c4-dirty", "\(BuildVersion.release) (18678c4-dirty)"),
        ("very-tag", "\(BuildVersion.release) (very-tag)"),
    ])
    func text(_ describe: String, _ expected: String) {
        #expect(BuildVersion.text(describing: describe) == expected)
    }
}
