import Foundation

// habit-catalogs CATALOGS OUTPUT: reads CATALOGS/*.arb and CATALOGS/plurals.json, and writes
// MessageKey.swift, Language.swift and Catalogs.swift into OUTPUT. Every problem is printed as
// `file:line: error: key: …` and fails the build; nothing is written then.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: habit-catalogs CATALOGS-FOLDER OUTPUT-FOLDER\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let output = URL(fileURLWithPath: arguments[2])

func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

var errors: [CatalogError] = []
var catalogs: [(catalog: Catalog, plurals: PluralRules)] = []
do {
    let pluralsFile = folder.appendingPathComponent("plurals.json")
    let pluralData = try JSONReader.read(try bytes(pluralsFile), file: pluralsFile.path)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".arb") }.map { String($0.dropLast(4)) }
    // English first: the default, and the source every other file is checked against.
    let ordered = names.filter { $0 == "en" } + names.filter { $0 != "en" }.sorted()
    guard ordered.first == "en" else { throw CatalogError(file: folder.appendingPathComponent("en.arb").path, line: 1, message: "en.arb, the source, is missing") }
    var read: [Catalog] = []
    for name in ordered {
        let url = folder.appendingPathComponent("\(name).arb")
        do throws(CatalogError) {
            read.append(try Catalog(file: url.path, name: name, bytes: try! bytes(url)))
        } catch {
            errors.append(error)
        }
    }
    if let english = read.first, english.locale == "en" {
        for var catalog in read {
            guard let plurals = try PluralRules.rules(for: catalog.locale, in: pluralData, file: pluralsFile.path) else {
                errors.append(CatalogError(file: catalog.file, line: 1, message: "plurals.json has no CLDR plural rules for \(catalog.locale): add CLDR's (cldr-json plurals.json) for it"))
                continue
            }
            errors += Checks.check(&catalog, english: english, plurals: plurals)
            catalogs.append((catalog, plurals))
        }
    }
} catch let error as CatalogError {
    errors.append(error)
}

if !errors.isEmpty {
    for error in errors { FileHandle.standardError.write(Data((error.description + "\n").utf8)) }
    FileHandle.standardError.write(Data("habit-catalogs: \(errors.count) problems in the translation files\n".utf8))
    exit(1)
}
try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
let files = [
    ("MessageKey.swift", SwiftSource.messageKey(catalogs[0].catalog)),
    ("Language.swift", SwiftSource.language(catalogs)),
    ("Catalogs.swift", SwiftSource.header + catalogs.map { SwiftSource.catalog($0.catalog) }.joined(separator: "\n")),
]
for (name, text) in files {
    try Data(text.utf8).write(to: output.appendingPathComponent(name))
}
