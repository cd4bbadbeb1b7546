import HabitSystem
import TerminalUI

/// For scripts/bench only (`HABIT_UI_BENCH=N`): after the first frame, N presses of ↓ and ↑ (runs
/// of 40, so the selection keeps moving), each timed from the key to the frame written, with the
/// bytes it wrote. The app then leaves and prints one line: `ui-bench keys=… median-ms=… …`.
/// With N = 0 it leaves right after the first frame, which times the start.
struct KeyReplay {
    let count: Int

    init?(environment: [String: String]) {
        guard let text = environment["HABIT_UI_BENCH"], let count = Int(text), count >= 0 else { return nil }
        self.count = count
    }

    /// `press` handles a key and draws; it returns the bytes written.
    func run(_ press: (KeyPress) -> Int) -> String {
        var times: [Double] = []
        var sizes: [Int] = []
        for index in 0..<count {
            let key = KeyPress((index / 40) % 2 == 0 ? .down : .up)
            let start = SystemClock.monotonicSeconds()
            sizes.append(press(key))
            times.append((SystemClock.monotonicSeconds() - start) * 1000)
        }
        guard !times.isEmpty else { return "ui-bench keys=0" }
        times.sort()
        sizes.sort()
        func milliseconds(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        }
        let p95 = times[min(times.count - 1, times.count * 95 / 100)]
        return "ui-bench keys=\(count) median-ms=\(milliseconds(times[times.count / 2])) p95-ms=\(milliseconds(p95)) "
            + "max-ms=\(milliseconds(times[times.count - 1])) median-bytes=\(sizes[sizes.count / 2]) max-bytes=\(sizes[sizes.count - 1])"
    }
}
