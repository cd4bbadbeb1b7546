#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Test hooks for the crash and failure tests (docs/reliability.md), inert unless their
/// environment variable is set:
/// - `HABIT_TEST_KILL_AT=N` kills the process with SIGKILL at the N-th step that writes or
///   commits something, so a test can stop a command at every point of its work in turn;
/// - `HABIT_TEST_FAIL_AT=name` makes the step of that name fail as a full disk would (ENOSPC).
public enum FaultInjection {
    private static let killAt: Int? = getenv("HABIT_TEST_KILL_AT").flatMap { Int(String(cString: $0)) }
    private static let failAt: String? = getenv("HABIT_TEST_FAIL_AT").map { String(cString: $0) }
    nonisolated(unsafe) private static var steps = 0

    /// Marks a step; dies or fails there when a test asked for it.
    public static func step(_ name: String) throws(StoreError) {
        if let killAt {
            steps += 1
            if steps == killAt { kill(getpid(), SIGKILL) }
        }
        if let failAt, failAt == name { throw .io(path: name, operation: .write, errno: ENOSPC) }
    }
}
