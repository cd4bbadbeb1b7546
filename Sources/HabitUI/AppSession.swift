import HabitCore
import HabitKit
import HabitScreens
import TerminalUI

/// One run of `habit ui` on the terminal: the loop that draws, waits for a key or a tick, carries
/// out the change through `App.perform`, and loads again; the state between frames is its own.
final class AppSession {
    private let setup: App.Setup
    /// The same app with a short lock timeout: a change never hangs the screen.
    private let app: App
    private var state: AppState
    private let terminal: Terminal
    private var renderer = FrameRenderer()
    private let colors: ColorMode
    private let view: ScreenView
    private let sync = BackgroundSync()
    private var stamp: DirectoryStamp
    /// A change that found the lock held, tried again on the next tick.
    private var pending: AppState.Effect?
    private var ticks = 0
    private var status: Int32 = 0
    /// Tests only (`Setup.trapKey`): the key that traps, to check that a crash gives the terminal back.
    private let trapKey: Character?

    init(_ app: App, state: AppState) throws {
        setup = app.setup
        var fast = app.setup
        fast.habits.lockTimeout = 0.2
        self.app = App(fast)
        self.state = state
        var options = Terminal.Options()
        options.tick = .milliseconds(500)
        options.mouse = setup.mouse
        terminal = try Terminal(options: options)
        colors = ColorMode(environment: setup.environment)
        view = ScreenView(setup.t)
        stamp = DirectoryStamp(path: setup.habits.directory.path)
        trapKey = setup.trapKey
    }

    /// Until `q` or Ctrl-C (or the end of input); the exit status.
    func run() -> Int32 {
        draw()
        if let replay = KeyReplay(environment: setup.environment) {
            let report = replay.run { press in
                _ = handle(press)
                return draw()
            }
            terminal.leave()
            print(report)
            return status
        }
        terminal.run(draw: { draw() }, handle: step)
        return status
    }

    /// One event of the loop: what it changes, and whether the screen is drawn again.
    private func step(_ event: Terminal.Event) -> Terminal.Step {
        switch event {
        case .input(.key(let press)):
            return handle(press) ? .draw : .quit
        case .input(.paste(let text)):
            for character in text { _ = state.handle(.character(character)) }
        case .input(.mouse(let mouse)):
            switch mouse.action {
            case .press(0):
                if let target = view.target(at: mouse.position, in: state, size: terminal.size),
                   let effect = state.click(target) {
                    apply(effect)
                }
            case .scrollUp: state.scroll(by: -1)
            case .scrollDown: state.scroll(by: 1)
            default: return .wait
            }
        case .resumed:
            renderer.invalidate()
        case .tick:
            guard state.onboarding == nil else { return .wait }
            tick()
        case .woken:
            followSync()
        case .resize, .terminate, .endOfInput:
            break  // the loop's own
        }
        return .draw
    }

    /// Draws the state; the bytes written.
    @discardableResult
    private func draw() -> Int {
        var grid = Grid(size: terminal.size, colorMode: colors)
        view.draw(state, into: &grid)
        let bytes = renderer.render(grid)
        terminal.write(bytes)
        return bytes.count
    }

    private func reload() {
        guard let (journal, settings, notice) = app.load() else { return }
        state.reload(journal, today: setup.today(settings))
        state.notice = notice
        state.offlineNote = setup.offlineNote()
    }

    /// Half a second passed: the files looked at, the day, the offline note, a change waiting.
    private func tick() {
        ticks += 1
        let now = DirectoryStamp(path: setup.habits.directory.path)
        if now != stamp {
            stamp = now
            reload()
        } else if state.today != setup.today(state.journal.settings) {
            reload()
        } else if ticks % 10 == 0 {
            // A sync or a push from another terminal changes no tracker file.
            state.offlineNote = setup.offlineNote()
        }
        if let retry = pending { apply(retry) }
    }

    private func apply(_ effect: AppState.Effect) {
        if effect == .sync {
            startSync()
            return
        }
        let reverse = state.reverse(of: effect)
        switch app.perform(effect, today: state.today) {
        case .done:
            pending = nil
            state.made(effect, reverse: reverse)
            if effect == .createDirectory, let (journal, settings, notice) = app.load() {
                state.finishOnboarding(journal, today: setup.today(settings))
                state.notice = notice
            }
            reload()
            state.finished(effect)
            stamp = DirectoryStamp(path: setup.habits.directory.path)
        case .busy(let words):
            pending = effect
            state.notice = words
        case .refused(let words):
            pending = nil
            state.refusal = words
        }
    }

    private func startSync() {
        guard !sync.isRunning else { return }
        // Without a remote there is nothing to wait for: say so at once.
        guard setup.habits.remote() != nil else {
            state.syncStatus = setup.describeError(.noRemote)
            return
        }
        state.syncStatus = setup.t[.uiSyncing]
        sync.start(setup.habits, environment: setup.environment, waker: terminal.waker)
    }

    private func followSync() {
        switch sync.take() {
        case .progress(let status)?:
            let verb = status.sending ? setup.t[.progressSending] : setup.t[.progressReceiving]
            state.syncStatus = "\(setup.t[.uiSyncing]) \(verb): \(status.objects)/\(status.totalObjects) (\(status.bytes / 1024) KB)"
        case .finished(.success(let report))?:
            state.syncStatus = setup.describeSync(report)
            reload()
            stamp = DirectoryStamp(path: setup.habits.directory.path)
        case .finished(.failure(let error))?:
            state.syncStatus = setup.t.text(.uiSyncFailed, setup.describeError(error))
            state.offlineNote = setup.offlineNote()
        case nil:
            break
        }
    }

    /// False when the app is to end.
    private func handle(_ press: KeyPress) -> Bool {
        if let trapKey, press == .character(trapKey) { fatalError("habit ui test trap") }
        // A sync's outcome stays until the next key.
        if !sync.isRunning { state.syncStatus = nil }
        state.pages = view.pages(state, size: terminal.size)
        guard let effect = state.handle(press) else { return true }
        switch effect {
        case .quit: return false
        case .interrupt:
            status = 130
            return false
        case .repaint:
            renderer.invalidate()
            return true
        default: break
        }
        if case .edit(let id) = effect {
            let outcome = terminal.runOutside { setup.editInEditor(id) }
            renderer.invalidate()
            reload()
            state.editorEnded(outcome)
            return true
        }
        apply(effect)
        return true
    }
}
