import Foundation
import HabitLocalization
import Testing
@testable import HabitServe

/// The installable app's icons (issue 34): each PNG rendered from Icons/icon.svg by
/// scripts/render-icons is a valid PNG of its size, the server serves exactly those bytes, and the
/// manifest names them as maskable with the rest a phone needs to install the app.
@Suite struct AppIconTests {
    static let icons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/HabitServe/Pages/Icons")

    /// Width and height from the PNG's signature and IHDR chunk; nil when it is not a PNG.
    static func size(_ bytes: [UInt8]) -> (Int, Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count > 33, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func int(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    @Test(arguments: [192, 512])
    func eachIconIsAPNGOfItsSize(_ side: Int) throws {
        let file = try [UInt8](Data(contentsOf: Self.icons.appendingPathComponent("icon-\(side).png")))
        let size = try #require(Self.size(file), "icon-\(side).png is not a PNG")
        #expect(size == (side, side))
        let served = try #require(Assets.named("/static/icon-\(side).png"))
        #expect(served.type == "image/png")
        #expect(served.bytes == file, "IconImages.swift is older than icon-\(side).png: run scripts/render-icons")
        #expect(file.suffix(8) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "icon-\(side).png has no IEND")
    }

    @Test func theManifestHasWhatInstallingNeeds() throws {
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(Assets.manifest(.english).utf8)) as? [String: Any])
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["start_url"] as? String == "/")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        #expect(Set(icons.map { $0["sizes"] ?? "" }) == ["192x192", "512x512"])
        #expect(icons.allSatisfy { ($0["purpose"] ?? "").contains("maskable") })
        let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
        #expect(shortcuts.first?["url"] as? String == "/")
        for path in Assets.shell { #expect(Assets.named(path) != nil, "\(path) is in the shell but not served") }
        #expect(Assets.named("/sw.js")?.body.contains(Assets.version) == true)
    }

    /// Each page links the manifest of its language: the shortcut to today is named in it.
    @Test(arguments: Language.allCases)
    func theManifestSpeaksThePagesLanguage(_ language: Language) throws {
        let path = Assets.manifestPath(language)
        let asset = try #require(Assets.named(path), "\(path) is not served")
        #expect(Assets.shell.contains(path))
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(asset.body.utf8)) as? [String: Any])
        #expect(manifest["lang"] as? String == language.rawValue)
        let shortcuts = try #require(manifest["shortcuts"] as? [[String: Any]])
        #expect(shortcuts.first?["name"] as? String == Messages(language)[.webShortcutToday])
        let page = PageFrame(text: WebText(language: language), title: "t", csrf: nil).render("")
        #expect(page.contains("<link rel=\"manifest\" href=\"\(path)\">"))
    }
}
