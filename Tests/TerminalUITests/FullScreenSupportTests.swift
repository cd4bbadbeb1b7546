import Testing
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

@Suite("TerminalUI: can this run full-screen here?")
struct FullScreenSupportTests {
    /// The terminal side of a fresh pseudo-terminal, and the other descriptors to close.
    /// (posix_openpt and ptsname are not visible through Glibc in Swift: Linux's ioctls instead,
    /// TIOCSPTLCK = 0x40045431 and TIOCGPTN = 0x80045430, whose macros Swift does not import.)
    static func pseudoTerminal() throws -> (terminal: Int32, master: Int32) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(withUnsafeMutablePointer(to: &unlock) { ioctl(master, 0x4004_5431, $0) } == 0)
        try #require(withUnsafeMutablePointer(to: &number) { ioctl(master, 0x8004_5430, $0) } == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        return (terminal, master)
    }

    @Test("a terminal on both sides and a real TERM: yes; otherwise the reason")
    func reasons() throws {
        let pty = try Self.pseudoTerminal()
        defer { close(pty.terminal); close(pty.master) }
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        #expect(FullScreenSupport.problem(environment: ["TERM": "xterm-256color"], input: pty.terminal, output: pty.terminal) == nil)
        #expect(FullScreenSupport.problem(environment: ["TERM": "dumb"], input: pty.terminal, output: pty.terminal) == .dumbTerminal)
        #expect(FullScreenSupport.problem(environment: [:], input: pty.terminal, output: pty.terminal) == .noTerminalType)
        #expect(FullScreenSupport.problem(environment: ["TERM": ""], input: pty.terminal, output: pty.terminal) == .noTerminalType)
        #expect(FullScreenSupport.problem(environment: ["TERM": "xterm"], input: null, output: pty.terminal) == .inputNotTerminal)
        #expect(FullScreenSupport.problem(environment: ["TERM": "xterm"], input: pty.terminal, output: null) == .outputNotTerminal)
    }

    @Test("the window size is read from the terminal")
    func windowSize() throws {
        let pty = try Self.pseudoTerminal()
        defer { close(pty.terminal); close(pty.master) }
        var size = winsize(ws_row: 15, ws_col: 50, ws_xpixel: 0, ws_ypixel: 0)
        #expect(withUnsafeMutablePointer(to: &size) { ioctl(pty.master, UInt(TIOCSWINSZ), $0) } == 0)
        #expect(Terminal.windowSize(of: pty.terminal) == Size(width: 50, height: 15))
        let null = open("/dev/null", O_RDWR)
        defer { close(null) }
        #expect(Terminal.windowSize(of: null) == nil)
    }
}
