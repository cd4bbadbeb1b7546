import HabitCore
import HabitLocalization
import HabitInterchange
import HabitKit
import HabitStore
import HabitSystem

/// The words of each `HabitError`: a sentence, a hint and whether it is a usage error, in the
/// user's language, for every front-end (the CLI adds its exit status, `habit ui` and `habit serve`
/// show the same sentence). Data in the words goes through `DataText.safe`.
public enum ErrorWords {
    public static func refusal(_ error: HabitError, _ t: Messages, today: CivilDate? = nil) -> Refusal {
        func safe(_ text: String) -> String { DataText.safe(text) }
        switch error {
        case .notInitialized(let directory):
            return Refusal(t.text(.notInitialized, safe(directory)), hint: t[.notInitializedHint])
        case .alreadyInitialized(let directory):
            return Refusal(t.text(.alreadyInitialized, safe(directory)), hint: t[.alreadyInitializedHint])
        case .notEmpty(let directory):
            return Refusal(t.text(.notEmpty, safe(directory)), hint: t[.notEmptyHint])
        case .unusablePath(let path, let problem):
            return Refusal(t.text(.unusablePath, safe(path), DiagnosticWords.fileProblem(problem, t)), hint: t[.unusablePathHint])
        case .io(let path, let operation, let code):
            return Refusal(t.text(.ioError, ioVerb(operation, t), safe(path), ErrorNumber.text(code)))
        case .busy(let holder):
            return Refusal(t.text(.busy, safe(holder)), hint: t[.busyHint])
        case .invalidFiles(let diagnostics):
            let files = Set(diagnostics.map(\.file)).sorted()
            return Refusal(t.text(.filesBlockChange, safe(t.list(files)), files.count), hint: t[.filesBlockChangeHint],
                           diagnostics: diagnostics)
        case .invalidName(let problem):
            switch problem {
            case .empty: return .usage(t[.nameEmpty])
            case .tooLong(let count): return .usage(t[.nameTooLong], hint: t.text(.nameTooLongHint, count))
            case .controlCharacter: return .usage(t[.nameControlCharacter])
            }
        case .invalidEmoji(let text):
            return .usage(t.text(.badEmoji, safe(text)))
        case .noSuchTracker(let text, let available):
            let names = available.prefix(20).map { "  " + safe($0) }.joined(separator: "\n")
            return Refusal(t.text(.noSuchTracker, safe(text)), hint: available.isEmpty ? nil : t.text(.noSuchTrackerHint, names))
        case .ambiguousTracker(let text, let candidates):
            let list = candidates.map { "  \(safe($0.name))  (\($0.id))" }.joined(separator: "\n")
            return Refusal(t.text(.ambiguousTracker, safe(text)), hint: t.text(.ambiguousTrackerHint, list))
        case .nameTaken(_, let existing):
            return Refusal(t.text(.nameTaken, safe(existing)), hint: t.text(.nameTakenHint, safe(existing)))
        case .unknownCategory(let name, let known):
            let hint: String
            if let match = known.first(where: { TrackerName.key($0) == TrackerName.key(name) }) {
                hint = t.text(.unknownCategoryDidYouMean, safe(match))
            } else if known.isEmpty {
                hint = t[.unknownCategoryHintNone]
            } else {
                hint = t.text(.unknownCategoryHint, t.list(known.map(safe)))
            }
            return Refusal(t.text(.unknownCategory, safe(name)), hint: hint)
        case .categoryExists(let name):
            return Refusal(t.text(.categoryExists, safe(name)))
        case .markRefused(let tracker, let day, let reason):
            let words = t.markRefusal(tracker: safe(tracker), day: day, today: today, reason: reason)
            return Refusal(words.sentence, hint: words.hint)
        case .changedMeanwhile(let file):
            return Refusal(t.text(.changedMeanwhile, safe(file)), hint: t[.changedMeanwhileHint])
        case .confirmationNeeded(.dropMarks(let tracker, let count, let start)):
            return .usage(t.text(.dropMarksNeedsYes, safe(tracker), t.longDate(start), count))
        case .notARepository(let directory):
            return Refusal(t.text(.notARepository, safe(directory)), hint: t[.notARepositoryHint])
        case .noRemote:
            return Refusal(t[.noRemote], hint: t[.noRemoteHint])
        case .remote(let failure):
            return remote(failure, t)
        case .git(let detail):
            return Refusal(t.text(.gitFailure, safe(detail)), hint: t[.gitFailureHint])
        case .gitLocked(let locks):
            let list = t.list(locks.map { $0.holders.isEmpty ? safe($0.path) : t.text(.heldBy, safe($0.path), t.list($0.holders.map(safe))) })
            return Refusal(t.text(.gitLocked, list), hint: t[.gitLockedHint])
        case .gitFilterDriver(let name, let path):
            return Refusal(t.text(.gitFilterDriver, safe(path), safe(name)), hint: t.text(.gitFilterDriverHint, safe(name)))
        case .unsupportedRepository(let setting, let fix):
            return Refusal(t.text(.unsupportedRepository, safe(setting)),
                           hint: fix.map { t.text(.unsupportedRepositoryHint, safe($0)) } ?? t[.unsupportedRepositoryNoFixHint])
        case .gitIdentityUnknown:
            return Refusal(t[.gitIdentityUnknown], hint: t[.gitIdentityUnknownHint])
        case .gitSigningFailed(let program, let detail):
            return Refusal(t.text(.gitSigningFailed, safe(program), safe(detail)), hint: t[.gitSigningFailedHint])
        case .gitCommitting(let holders):
            return Refusal(t.text(.gitCommitting, t.list(holders.map(safe))), hint: t[.gitCommittingHint])
        case .gitMergeInProgress:
            return Refusal(t[.gitMergeInProgress], hint: t[.gitMergeInProgressHint])
        case .branchKeptMoving(let attempts):
            return Refusal(t.text(.branchKeptMoving, attempts), hint: t[.branchKeptMovingHint])
        case .commitFailed(let detail, let kept):
            if kept.isEmpty { return Refusal(t.text(.commitFailedRolledBack, safe(detail)), hint: t[.commitFailedHint]) }
            return Refusal(t.text(.commitFailedKept, safe(detail), safe(t.list(kept))), hint: t[.commitFailedKeptHint])
        case .unsafeTree(let commit, let path, let reason):
            let what: String = switch reason {
            case .symbolicLink: t[.unsafeSymbolicLink]
            case .submodule: t[.unsafeSubmodule]
            case .unknownMode: t[.unsafeUnknownMode]
            case .forbiddenName: t[.unsafeForbiddenName]
            case .wrongKind: t[.unsafeWrongKind]
            }
            return Refusal(t.text(.unsafeTree, commit.prefix(12), what, safe(path)), hint: t[.unsafeTreeHint])
        case .textConflict(let paths):
            return Refusal(t.text(.textConflict, safe(t.list(paths))), hint: t[.textConflictHint])
        case .mergeConflict(let reason):
            return Refusal(mergeConflict(reason, t), hint: t[.mergeConflictHint])
        case .mergedDataInvalid(let diagnostics):
            return Refusal(t[.mergedInvalid], hint: t[.mergedInvalidHint], diagnostics: diagnostics)
        case .remoteDataInvalid(let diagnostics):
            return Refusal(t[.remoteInvalid], hint: t[.remoteInvalidHint], diagnostics: diagnostics)
        case .notHabitRepository(let url):
            return Refusal(t.text(.notHabitRepository, safe(url)), hint: t[.notHabitRepositoryHint])
        case .remoteKeptChanging(let attempts):
            return Refusal(t.text(.remoteKeptChanging, attempts))
        case .unfinishedGitMerge(let paths):
            return Refusal(t.text(.unfinishedGitMerge, safe(t.list(paths))), hint: t[.unfinishedGitMergeHint])
        case .handEditsInvalid(let diagnostics):
            return Refusal(t[.handEditsInvalid], hint: t[.handEditsInvalidHint], diagnostics: diagnostics)
        case .timerNeedsMinutes(let tracker, let unit):
            return Refusal(unit.map { t.text(.timerNeedsMinutesUnit, safe(tracker), safe($0)) } ?? t.text(.timerNeedsMinutes, safe(tracker)),
                           hint: t.text(.timerNeedsMinutesHint, safe(tracker)))
        case .notNumeric(let tracker):
            return .usage(t.text(.notNumeric, safe(tracker)), hint: t.text(.notNumericHint, safe(tracker)))
        case .amountNeeded(let tracker, let unit):
            return .usage(t.text(.amountNeeded, safe(tracker), unit.map(safe) ?? t[.amountsWord]), hint: t.text(.amountNeededHint, safe(tracker)))
        case .badTotal(let tracker, let total):
            return Refusal(t.text(.badTotal, safe(tracker), t.number(total)))
        case .eventWithTarget:
            return .usage(t[.eventNoTarget])
        case .notQuit(let tracker):
            return Refusal(t.text(.notQuit, safe(tracker)), hint: t.text(.notQuitHint, safe(tracker)))
        case .quitNotPlain(let tracker):
            return Refusal(t.text(.quitNotPlain, safe(tracker)), hint: t[.quitNotPlainHint])
        case .allowanceWithoutDays(let tracker):
            return Refusal(t.text(.allowanceWithoutDays, safe(tracker)), hint: t[.allowanceWithoutDaysHint])
        case .eventRange(let tracker):
            return Refusal(t.text(.eventRange, safe(tracker)), hint: t.text(.eventRangeHint, safe(tracker)))
        case .importNamesTaken(let names):
            return Refusal(t.text(.importNamesTaken, names.count, t.list(names.map { t.text(.importQuotedName, safe($0)) })), hint: t.text(.importNamesTakenHint, names.count))
        case .importMalformed(let at):
            return Refusal(t.text(.importMalformed, safe(at.file), at.line, at.column, importProblem(at.problem, t)), hint: t[.importMalformedHint])
        case .importUnreadable(let path):
            return Refusal(t.text(.importUnreadable, safe(path)))
        case .importFileMissing(let path, let file):
            return Refusal(t.text(.importFileMissing, safe(path), file), hint: t.text(.importFileMissingHint, file))
        case .importKindsDiffer(let tracker, let numericInFile):
            return Refusal(t.text(numericInFile ? .importKindsDifferNumeric : .importKindsDifferYesNo, safe(tracker)), hint: t[.importKindsDifferHint])
        case .importZip(let path, let problem):
            switch problem {
            case .notAZip: return Refusal(t.text(.importZipNotAZip, safe(path)), hint: t[.importZipHint])
            case .unsupported(let what): return Refusal(t.text(.importZipUnsupported, safe(path), safe(what)), hint: t[.importZipHint])
            case .corrupt(let entry): return Refusal(t.text(.importZipCorrupt, safe(path), safe(entry)), hint: t[.importZipHint])
            case .zlibMissing(let detail): return Refusal(t.text(.zlibMissing, safe(detail)), hint: t[.zlibMissingHint])
            }
        case .backwardsRange(let from, let to):
            return .usage(t.text(.backwardsRange, t.longDate(from), t.longDate(to)), hint: t[.backwardsRangeHint])
        case .noScheduler(let asked):
            return Refusal(asked == .cron ? t[.noCrontab] : t[.noScheduler], hint: t[.noSchedulerHint])
        case .schedulerFailed(let command, let detail):
            return Refusal(t.text(.schedulerFailed, safe(command), safe(String(detail.prefix(500)))), hint: t[.schedulerFailedHint])
        case .importDatabase(let path, let problem):
            return loopDatabase(path, problem, t)
        // MARK: export
        case .exportOutputExists(let path):
            return Refusal(t.text(.exportOutputExists, safe(path)), hint: t[.exportOutputExistsHint])
        case .exportUnwritable(let path, let code):
            return Refusal(t.text(.exportUnwritable, safe(path), ErrorNumber.text(code)))
        case .exportBlocked(let diagnostics):
            let files = Set(diagnostics.map(\.file)).sorted()
            return Refusal(t.text(.exportBlocked, safe(t.list(files)), files.count), hint: t[.exportBlockedHint], diagnostics: diagnostics)
        case .exportInsideDataDirectory(let path, let directory):
            return Refusal(t.text(.exportInsideDataDirectory, safe(path), safe(directory)), hint: t[.exportInsideDataDirectoryHint])
        }
    }

    public static func mergeConflict(_ reason: MergeConflictReason, _ t: Messages) -> String {
        func safe(_ text: String) -> String { DataText.safe(text) }
        switch reason {
        case .notValidTOML(let path, let side, let line, let column, let message):
            let sideText: String = switch side {
            case .base: t[.mergeSideBase]
            case .ours: t[.mergeSideOurs]
            case .theirs: t[.mergeSideTheirs]
            }
            return t.text(.mergeNotTOML, safe(path), sideText, line, column, safe(message))
        case .cannotApply(let path, let detail): return t.text(.mergeCannotApply, safe(path), safe(detail))
        case .resultMismatch(let path): return t.text(.mergeMismatch, safe(path))
        case .notADataFile(let path): return t.text(.mergeNotData, safe(path))
        case .addedTwice(let path): return t.text(.mergeAddedTwice, safe(path))
        }
    }

    public static func remote(_ failure: RemoteFailure, _ t: Messages) -> Refusal {
        let url = DataText.safe(failure.url)
        var message: String
        var hint: String?
        switch failure.kind {
        case .unreachable: (message, hint) = (t.text(.remoteUnreachable, url), t[.remoteSafeHint])
        case .timeout: (message, hint) = (t.text(.remoteTimeout, url), t[.remoteSafeHint])
        case .tooLong: (message, hint) = (t.text(.remoteTooLong, url), t[.remoteSafeHint])
        case .tooMuchData: (message, hint) = (t.text(.remoteTooMuch, url), t[.remoteSafeHint])
        case .authentication where failure.url.hasPrefix("https://") || failure.url.hasPrefix("http://"):
            (message, hint) = (t.text(.remoteAuthentication, url), t.text(.remoteAuthenticationHTTPSHint, url))
        case .authentication: (message, hint) = (t.text(.remoteAuthentication, url), t[.remoteAuthenticationHint])
        case .certificate: (message, hint) = (t.text(.remoteCertificate, url), t[.remoteCertificateHint])
        case .unknownHostKey(let key):
            let port = key.port == 22 ? "" : " -p \(key.port)"
            let trust = "ssh-keyscan -t \(key.keyType)\(port) \(key.host) >> \(shellQuoted(key.knownHostsPath))"
            (message, hint) = (t.text(.remoteHostKeyUnknown, url, DataText.safe(key.hostField), key.keyType.uppercased(),
                                      key.fingerprint),
                               t.text(.remoteHostKeyUnknownHint, DataText.safe(trust)))
        case .changedHostKey(let key):
            let remove = "ssh-keygen -R \(shellQuoted(key.hostField)) -f \(shellQuoted(key.knownHostsPath))"
            (message, hint) = (t.text(.remoteHostKeyChanged, url, DataText.safe(key.hostField), key.keyType.uppercased(),
                                      key.fingerprint),
                               t.text(.remoteHostKeyChangedHint, DataText.safe(remove)))
        case .repositoryNotFound: (message, hint) = (t.text(.remoteNotFound, url), t[.remoteNotFoundHint])
        case .rejected(let reasons): (message, hint) = (t.text(.remoteRejected, url, DataText.safe(t.list(reasons))), t[.remoteRejectedHint])
        case .remoteLocked(let reason): (message, hint) = (t.text(.remoteLocked, url, DataText.safe(reason)), t[.remoteLockedHint])
        case .other: (message, hint) = (t.text(.remoteOther, url), t[.remoteSafeHint])
        }
        if let detail = failure.detail, !detail.isEmpty {
            // Whatever a server sends is shown only as plain, bounded text.
            let shown = DataText.safe(String(detail.prefix(500)))
            message += "\n" + t.text(.remoteDetail, shown)
        }
        return Refusal(message, hint: hint)
    }

    /// `text` as one shell word (single quotes only when needed), for commands the user copies.
    public static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./~:@".contains($0) }
        return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
    }

    static func ioVerb(_ operation: StoreError.Operation, _ t: Messages) -> String {
        switch operation {
        case .createTemporary: t[.ioCreateTemporary]
        case .write: t[.ioWrite]
        case .flush: t[.ioFlush]
        case .replace: t[.ioReplace]
        case .delete: t[.ioDelete]
        case .createFolder: t[.ioCreateFolder]
        case .openLock: t[.ioOpenLock]
        case .lock: t[.ioLock]
        case .read: t[.ioRead]
        }
    }
}

extension ErrorWords {
    static func importProblem(_ problem: ImportProblem, _ t: Messages) -> String {
        func safe(_ text: String) -> String { DataText.safe(text) }
        return switch problem {
        case .unclosedQuote: t[.importUnclosedQuote]
        case .badDate(let text): t.text(.importBadDate, safe(text))
        case .badValue(let text): t.text(.importBadValue, safe(text))
        case .badFrequency(let text): t.text(.importBadFrequency, safe(text))
        case .missingFields(let count): t.text(.importMissingFields, count)
        case .badLine: t[.importBadLine]
        case .badNumber(let text): t.text(.importBadNumber, safe(text))
        }
    }
}

extension ErrorWords {
    static func loopDatabase(_ path: String, _ problem: LoopDatabaseProblem, _ t: Messages) -> Refusal {
        func safe(_ text: String) -> String { DataText.safe(text) }
        return switch problem {
        case .notSQLite: Refusal(t.text(.importDatabaseNotSQLite, safe(path)), hint: t[.importDatabaseHint])
        case .notLoop: Refusal(t.text(.importDatabaseNotLoop, safe(path)), hint: t[.importDatabaseHint])
        case .tooOld(let version): Refusal(t.text(.importDatabaseTooOld, safe(path), version), hint: t[.importDatabaseTooOldHint])
        case .tooNew(let version): Refusal(t.text(.importDatabaseTooNew, safe(path), version), hint: t[.importDatabaseTooNewHint])
        case .unreadable(let detail):
            Refusal(t.text(.importDatabaseUnreadable, safe(path), safe(String(detail.prefix(500)))), hint: t[.importDatabaseHint])
        case .badValue(let table, let row, let column, let value):
            Refusal(t.text(.importDatabaseBadValue, safe(path), safe(table), row, safe(column), safe(String(value.prefix(100)))),
                    hint: t[.importMalformedHint])
        case .sqliteMissing(let detail): Refusal(t.text(.sqliteMissing, safe(detail)), hint: t[.sqliteMissingHint])
        }
    }
}
