#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Whether anything happened in a few folders since it was last asked, from the kernel's inotify
/// queue: a file written, created, removed, renamed or touched in one of them, or a folder itself
/// replaced. The kernel queues an event within the call that changed the folder, so a change
/// finished before `sawChange()` is always seen by it; a long-running reader of the folders
/// (`habit serve`) asks it instead of taking the stamp of every file on every request.
///
/// It answers "changed" whenever it cannot be sure: the queue overflowed, a folder was replaced
/// (it then watches the new one), or a folder could not be watched.
public final class DirectoryWatch: Sendable {
    private struct State {
        var descriptor: Int32
        /// The folders' paths by watch descriptor; a folder missing here is watched again.
        var watched: [Int32: String] = [:]
    }

    private let folders: [String]
    private let state: Mutex<State>

    private static let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM
                                      | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    /// nil when the kernel offers no inotify instance (then every reader checks the files).
    public init?(folders: [String]) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.folders = folders
        state = Mutex(State(descriptor: descriptor))
        state.withLock { Self.watch(folders, in: &$0) }
    }

    deinit {
        state.withLock { _ = close($0.descriptor) }
    }

    /// Whether a folder changed since the previous call (or since the watch began), reading and
    /// dropping the events queued meanwhile.
    public func sawChange() -> Bool {
        state.withLock { state in
            var changed = false
            // Asked on every request and nearly always empty: the buffer is not zeroed first.
            withUnsafeTemporaryAllocation(byteCount: 16 * 1024, alignment: MemoryLayout<inotify_event>.alignment) { buffer in
                while true {
                    let count = read(state.descriptor, buffer.baseAddress, buffer.count)
                    guard count > 0 else { break }
                    changed = true
                    var offset = 0
                    while offset + MemoryLayout<inotify_event>.size <= count {
                        let event = buffer.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        // A folder replaced or gone: its watch ended; the path is watched anew below.
                        if event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { state.watched[event.wd] = nil }
                        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { state.watched = [:] }
                        offset += MemoryLayout<inotify_event>.size + Int(event.len)
                    }
                }
            }
            // A folder that is not watched (replaced, or not there yet) may have changed unseen.
            if state.watched.count < folders.count {
                changed = true
                Self.watch(folders, in: &state)
            }
            return changed
        }
    }

    private static func watch(_ folders: [String], in state: inout State) {
        for folder in folders where !state.watched.values.contains(folder) {
            let watch = inotify_add_watch(state.descriptor, folder, mask | UInt32(IN_ONLYDIR))
            if watch >= 0 { state.watched[watch] = folder }
        }
    }
}
