import HabitKit
import TOML

/// Runs the merge on texts.
func mergeTexts(
    _ path: String = "trackers/run.toml", base: String?, ours: String?, theirs: String?
) -> (FileMergeOutcome, [MergeNote]) {
    DataFileMerge.merge(
        path: path, base: base.map { Array($0.utf8) }, ours: ours.map { Array($0.utf8) }, theirs: theirs.map { Array($0.utf8) })
}

/// The merged text, or nil for delete/conflict.
func writtenText(_ outcome: FileMergeOutcome) -> String? {
    guard case .write(let bytes) = outcome else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

func parsedRoot(_ text: String) -> TOMLTable? {
    guard case .success(let document) = TOMLDocument.parse(text) else { return nil }
    return document.root
}

/// A small deterministic PRNG (SplitMix64) so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
