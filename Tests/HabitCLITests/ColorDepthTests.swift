import Testing
@testable import HabitCLI

/// How many colours a terminal shows, from COLORTERM and TERM.
@Suite struct ColorDepthTests {
    @Test(arguments: [
        (["TERM": "xterm-256color"], Style.Depth.extended), (["TERM": "SCREEN-256COLOR"], .extended),
        (["TERM": "xterm"], .basic), ([:], .basic), (["TERM": "256colo"], .basic), (["TERM": "256color"], .extended),
        (["COLORTERM": "truecolor", "TERM": "xterm"], .trueColor), (["COLORTERM": "24BIT"], .trueColor),
        (["TERM": "xterm-direct"], .trueColor), (["TERM": "tmux-256color", "COLORTERM": "no"], .extended),
    ])
    func depthFollowsTheEnvironment(environment: [String: String], depth: Style.Depth) {
        #expect(Style.Depth(environment: environment) == depth)
    }

}
