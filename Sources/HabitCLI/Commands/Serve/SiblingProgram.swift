import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import HabitLocalization
import HabitSystem

/// A program installed beside `habit` that a command becomes (`habit-serve`, `habit-mcp`), so that
/// its library never loads in `habit` itself.
struct SiblingProgram {
    let name: String
    /// What to say when it is not there, and how to get it.
    let missing: MessageKey
    let missingHint: MessageKey

    /// Replaces this process with the program, on the session's data directory and `arguments`;
    /// returns only by throwing, when the program is missing or could not start.
    func become(_ session: Session, arguments: [String]) throws {
        let path = Self.path(of: name, beside: session)
        guard ProcessImage.isExecutable(path) else {
            throw Failure(session.t.text(missing, path), hint: session.t[missingHint])
        }
        let failure = ProcessImage.replace(path: path, arguments: ["--dir", session.directory.path] + arguments,
                                           environment: session.context.environment)
        throw Failure(session.t.text(.serveProgramNotStarted, path, String(cString: strerror(failure))))
    }

    /// Where a program installed with `habit` is: the folder `habit` runs from.
    static func path(of name: String, beside session: Session) -> String {
        let executable = session.context.executablePath
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/" + name
    }
}
