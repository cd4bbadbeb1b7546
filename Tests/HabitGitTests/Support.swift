import Foundation
import HabitGit
import TestSupport

/// libgit2 reads the same empty configuration directory as the spawned `git`, so the developer's
/// ~/.gitconfig (identity, `url.insteadOf`, credential helpers) cannot change results.
enum LibraryIsolation {
    static let done: Void = {
        try! GitLibrary.setConfigurationSearchPath(GitCommandLine.home)
    }()
}

/// A scratch directory for a git test, with libgit2 isolated first.
func gitScratch() throws -> ScratchDirectory {
    _ = LibraryIsolation.done
    return try ScratchDirectory("habitgit")
}

/// Runs the real git CLI; throws with its output when it fails (unless allowed).
@discardableResult
func git(_ arguments: [String], in directory: String, allowFailure: Bool = false, input: String? = nil) throws -> String {
    try GitCommandLine.run(arguments, in: directory, input: input, allowFailure: allowFailure)
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A new repository at `dir/name` with one committed file.
func makeRepository(in dir: ScratchDirectory, name: String = "work", files: [String: String] = ["a.toml": "a = 1\n"]) throws -> (Repository, String) {
    let path = dir.sub(name)
    let repository = try Repository.create(at: path)
    for (file, text) in files { try writeFile(text, to: path + "/" + file) }
    try repository.commit(message: "Initial")
    return (repository, path)
}

/// A port that was free a moment ago on 127.0.0.1.
func freePort() throws -> UInt16 {
    try SilentListener().port
}
