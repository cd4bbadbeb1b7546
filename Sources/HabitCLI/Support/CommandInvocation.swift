import ArgumentParser

/// The values of the options every command takes (`GlobalOptions`), without ArgumentParser's
/// property wrappers.
struct GlobalValues: Equatable {
    var dir: String?
    var color: ColorChoice = .auto
}

extension GlobalOptions {
    var values: GlobalValues { GlobalValues(dir: dir, color: color) }
}

/// What `done`, `undone`, `slip`, `unslip`, `stats` and `cal` run, in plain values. Their
/// ArgumentParser commands hand their options to it, and `QuickCommandLine` builds it directly:
/// ArgumentParser's option wrappers are generic types that a process instantiates on first use,
/// which cost a `habit done` 1.4 M instructions even when nothing else of ArgumentParser ran.
enum CommandInvocation: Equatable {
    case done(GlobalValues, tracker: String, date: String?, from: String?, to: String?, amount: String?, total: String?, note: String?)
    case undone(GlobalValues, tracker: String, date: String?, from: String?, to: String?)
    case slip(GlobalValues, tracker: String, date: String?, note: String?)
    case unslip(GlobalValues, tracker: String, date: String?)
    case stats(GlobalValues, json: Bool)
    case calendar(GlobalValues, when: [String], year: Bool, tracker: String?, json: Bool)

    var global: GlobalValues {
        switch self {
        case .done(let global, _, _, _, _, _, _, _), .undone(let global, _, _, _, _), .slip(let global, _, _, _),
             .unslip(let global, _, _), .stats(let global, _), .calendar(let global, _, _, _, _):
            global
        }
    }

    func run() throws {
        switch self {
        case let .done(global, tracker, date, from, to, amount, total, note):
            try DoneCommand.run(global, tracker: tracker, date: date, from: from, to: to, amount: amount, total: total, note: note)
        case let .undone(global, tracker, date, from, to):
            try UndoneCommand.run(global, tracker: tracker, date: date, from: from, to: to)
        case let .slip(global, tracker, date, note):
            try Marking(global: global, tracker: tracker, date: date).apply(.slipped, note: note)
        case let .unslip(global, tracker, date):
            try UnslipCommand.run(global, tracker: tracker, date: date)
        case let .stats(global, json):
            try StatsCommand.run(global, json: json)
        case let .calendar(global, when, year, tracker, json):
            try CalendarCommand.run(global, when: when, year: year, tracker: tracker, json: json)
        }
    }
}

/// A command whose options are a `CommandInvocation`.
protocol InvocableCommand: ParsableCommand {
    var invocation: CommandInvocation { get }
}
