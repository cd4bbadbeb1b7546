// A tiny full-screen program over TerminalUI for the end-to-end tests: a box with a counter and
// emoji, the window size and the last key. Space counts, q or Ctrl-C quits; with --crash, x traps
// (a Swift runtime error) to prove the terminal is restored before the backtrace.
#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

var environment: [String: String] = [:]
for name in ["TERM", "NO_COLOR"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}
let arguments = CommandLine.arguments.dropFirst()
let crashAllowed = arguments.contains("--crash")
var options = Terminal.Options()
options.mouse = arguments.contains("--mouse")
// --tick: a tick every 50 ms, counted on screen (what the app uses to notice changed files).
if arguments.contains("--tick") { options.tick = .milliseconds(50) }

if arguments.contains("--bench") {
    runRenderBenchmark()
    exit(0)
}

if let problem = FullScreenSupport.problem(environment: environment) {
    let reason: String
    switch problem {
    case .inputNotTerminal: reason = "standard input is not a terminal"
    case .outputNotTerminal: reason = "standard output is not a terminal"
    case .noTerminalType: reason = "TERM is not set"
    case .dumbTerminal: reason = "TERM is dumb"
    }
    let message = "terminal-demo: cannot run full-screen: \(reason)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

// --pid-file PATH: where the tests find the process to send signals to.
if let index = arguments.firstIndex(of: "--pid-file"), arguments.index(after: index) < arguments.endIndex,
   let file = fopen(arguments[arguments.index(after: index)], "w") {
    fputs("\(getpid())\n", file)
    fclose(file)
}

let terminal = try Terminal(options: options)
var renderer = FrameRenderer()
let colors = ColorMode(environment: environment)
var count = 0
var resumes = 0
var ticks = 0
var wakes = 0
var lastKey = "none"

/// Recursion without end (not a tail call: the addition comes after it).
func overflow(_ depth: Int) -> Int {
    var padding = (depth, depth, depth, depth)
    return withUnsafeMutableBytes(of: &padding) { overflow(depth + Int($0[0])) + 1 }
}

func describe(_ event: InputEvent) -> String {
    switch event {
    case .key(let press):
        var name: String
        switch press.key {
        case .character(let character): name = character == " " ? "space" : String(character)
        case .function(let number): name = "F\(number)"
        default: name = "\(press.key)"
        }
        if press.modifiers.contains(.control) { name = "ctrl-" + name }
        if press.modifiers.contains(.alt) { name = "alt-" + name }
        if press.modifiers.contains(.shift) { name = "shift-" + name }
        return name
    case .paste(let text): return "paste(\(TextWidth.width(text)) columns)"
    case .mouse(let mouse): return "mouse \(mouse.action) \(mouse.position.x),\(mouse.position.y)"
    }
}

@MainActor func draw() {
    var grid = Grid(size: terminal.size, colorMode: colors)
    if grid.width < 30 || grid.height < 8 {
        grid.draw("Terminal too small", x: 0, y: 0, style: .attributes(.bold))
    } else {
        let frame = Rect(x: 1, y: 1, width: grid.width - 2, height: 7)
        grid.box(frame, style: Style(foreground: .cyan), line: .rounded, title: "terminal-demo")
        let inside = frame.inset(by: 1)
        grid.draw("Count: \(count)", x: inside.x + 1, y: inside.y, style: Style(foreground: .green, attributes: .bold), clip: inside)
        grid.draw("Emoji: 🧑‍🌾 ❤️ 👍🏽 中文 ok", x: inside.x + 1, y: inside.y + 1, clip: inside)
        grid.draw("Size: \(grid.width)x\(grid.height)", x: inside.x + 1, y: inside.y + 2, clip: inside)
        grid.draw("Key: \(lastKey)  Resumed: \(resumes)  Ticks: \(ticks)", x: inside.x + 1, y: inside.y + 3, clip: inside)
        grid.draw("space count · q quit · w wake \(wakes)", x: inside.x + 1, y: inside.y + 4, style: .attributes(.dim), clip: inside)
    }
    terminal.write(renderer.render(grid))
}

draw()
terminal.run(draw: { draw() }) { (event: Terminal.Event) -> Terminal.Step in
    switch event {
    case .input(let event):
        lastKey = describe(event)
        switch event {
        case .key(KeyPress.character("q")): return .quit
        case .key(KeyPress.control("c")):
            terminal.leave()
            exit(130)
        case .key(KeyPress.character(" ")): count += 1
        case .key(KeyPress.character("w")):
            // Another task wakes the loop, as a background sync reporting progress would.
            let waker = terminal.waker
            Task.detached { waker.wake() }
        case .key(KeyPress.character("o")) where crashAllowed:
            print(overflow(count))  // a stack overflow: SIGSEGV on the guard page
        case .key(KeyPress.character("x")) where crashAllowed:
            let empty: [Int] = []
            print(empty[count])  // a deliberate trap: index out of range
        default: break
        }
    case .resumed:
        resumes += 1
        renderer.invalidate()
    case .tick: ticks += 1
    case .woken: wakes += 1
    case .resize, .terminate, .endOfInput: break  // the loop's own
    }
    return .draw
}
print("terminal-demo: bye after \(count)")
