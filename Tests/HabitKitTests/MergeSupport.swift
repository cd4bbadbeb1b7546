import HabitKit
import HabitLocalization
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

import HabitErrorWords
@testable import HabitCLI

/// Notes and conflicts as the English catalog words them, so the tables below read as users do.
extension MergeNote {
    var message: String { MergeNoteText.words(self, Messages(.english)) }
    var description: String { MergeNoteText.line(self, Messages(.english)) }
}

extension MergeConflictReason {
    var text: String { ErrorPresenter.mergeConflict(self, Messages(.english)) }
}
