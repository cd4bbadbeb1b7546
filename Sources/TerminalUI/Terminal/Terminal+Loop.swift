extension Terminal {
    /// What a program's loop does after it handled an event.
    public enum Step: Sendable {
        /// Draw the next frame, then wait for the next event.
        case draw
        /// Wait for the next event without drawing: nothing shown changed.
        case wait
        /// End the loop.
        case quit
    }

    /// The loop of a full-screen program (the first frame drawn already), with what every such
    /// program does alike done once: each event goes to `handle`, and `draw` follows unless it says
    /// `.wait`. A
    /// new window size is drawn without asking `handle`; a terminating signal gives the terminal
    /// back and ends the process by that signal, so the parent sees the true cause; the end of
    /// input, or `.quit`, ends the loop, and the terminal is given back.
    public func run(draw: () -> Void, handle: (Event) -> Step) {
        loop: while true {
            let event = nextEvent()
            switch event {
            case .terminate(let signal):
                leave()
                Terminal.end(bySignal: signal)
            case .endOfInput:
                break loop
            case .resize:
                break
            case .input, .resumed, .tick, .woken:
                switch handle(event) {
                case .draw: break
                case .wait: continue loop
                case .quit: break loop
                }
            }
            draw()
        }
        leave()
    }
}
