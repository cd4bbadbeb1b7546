import HabitCore

extension RussianMessages: ProgressMessages {
    private static let genitiveMonths = [
        "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
        "ноября", "декабря",
    ]

    public func weekdayMini(_ day: Weekday) -> String { weekdayShort(day) }
    public func monthShort(_ month: Int) -> String {
        ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"][month - 1]
    }
    public func monthYear(year: Int, month: Int) -> String { "\(monthName(month)) \(year)" }
    public func shortDate(_ day: CivilDate) -> String { "\(day.day) \(monthShort(day.month))" }
    public func decimal(_ value: Double) -> String { NumberText.oneDecimal(value, separator: ",") }
    public func percent(_ value: Double) -> String { "\(NumberText.wholePercent(value)) %" }
    public func ofDays(_ done: Int, _ total: Int) -> String {
        // После «из N» — родительный падеж: из 1 дня, из 21 дня, из 2 дней, из 5 дней.
        let genitive = total % 10 == 1 && total % 100 != 11 ? "дня" : "дней"
        return "\(done) из \(total) \(genitive)"
    }
    public func weekRange(_ first: CivilDate, _ last: CivilDate) -> String {
        let month = { (day: CivilDate) in Self.genitiveMonths[day.month - 1] }
        if first.year != last.year {
            return "\(first.day) \(month(first)) \(first.year) – \(last.day) \(month(last)) \(last.year)"
        }
        if first.month != last.month {
            return "\(first.day) \(month(first)) – \(last.day) \(month(last)) \(last.year)"
        }
        return "\(first.day)–\(last.day) \(month(last)) \(last.year)"
    }

    public var statisticsTitle: String { "Статистика" }
    public var bestStreak: String { "Лучшая серия" }
    public var currentStreak: String { "Текущая серия" }
    public var perfectDays: String { "Идеальные дни" }
    public var trackersCompleted: String { "Трекеров завершено" }
    public var average: String { "Среднее значение" }
    public var nothingToAnalyse: String { "Анализировать пока нечего" }
    public var nothingToAnalyseHint: String {
        "Отметьте выполненный трекер, и здесь появятся серии и средние значения: habit done ТРЕКЕР"
    }

    public var fieldCategory: String { "Категория" }
    public var fieldKind: String { "Тип" }
    public var fieldSchedule: String { "Расписание" }
    public var fieldColor: String { "Цвет" }
    public var fieldPinned: String { "Закреплён" }
    public var fieldStart: String { "Начало" }
    public var fieldDescription: String { "Описание" }
    public var fieldStatus: String { "Состояние" }
    public var fieldCompletionRate: String { "Выполнение" }
    public var fieldCompletions: String { "Всего выполнено" }
    public var fieldGoal: String { "Цель" }
    public var fieldProgress: String { "Прогресс" }
    public var kindHabit: String { "Привычка" }
    public var kindEvent: String { "Нерегулярное событие" }
    public var yes: String { "да" }
    public var no: String { "нет" }
    public var notSet: String { "—" }
    public var goalForever: String { "Бессрочно" }
    public func goalPeriod(_ goal: Goal) -> String {
        switch goal.unit {
        case .days: days(goal.count)
        case .weeks: Self.plural(goal.count, "неделя", "недели", "недель")
        case .months: Self.plural(goal.count, "месяц", "месяца", "месяцев")
        }
    }
    public func goalUntil(_ period: String, end: CivilDate) -> String { "\(period), до \(end.day) \(Self.genitiveMonths[end.month - 1]) \(end.year)" }
    public var goalReached: String { "цель достигнута" }
    public var goalOver: String { "срок цели истёк" }
    public func eventDoneOn(_ day: String) -> String { "выполнено: \(day)" }
    public var eventNotDone: String { "ещё не выполнено (ожидается каждый день до выполнения)" }
    public var nothingDueYet: String { "пока ничего не требовалось" }
    public func lastWeeks(_ count: Int) -> String { "Последние \(Self.plural(count, "неделя", "недели", "недель"))" }

    public var legendPerfect: String { "идеально" }
    public var legendPartial: String { "частично" }
    public var legendMissedDay: String { "ничего не выполнено" }
    public var legendExcused: String { "всё пропущено" }
    public var legendNothingScheduled: String { "ничего не запланировано" }
    public var legendInProgress: String { "сегодня, в процессе" }
    public var legendDone: String { "выполнено" }
    public var legendDoneOffSchedule: String { "вне расписания" }
    public var legendSkipped: String { "пропущено" }
    public var legendMissed: String { "не выполнено" }
    public var legendPending: String { "сегодня, не отмечено" }
    public var legendNotScheduled: String { "не запланировано" }
    public var legendStreak: String { "серия" }
    public var legendToday: String { "сегодня" }
    public var legendFuture: String { "будущее" }
    public var less: String { "Меньше" }
    public var more: String { "Больше" }
    public func perfectDaysCount(_ count: Int) -> String { Self.plural(count, "идеальный день", "идеальных дня", "идеальных дней") }
    public func trackerSummary(done: Int, missed: Int, skipped: Int) -> String {
        "Выполнено: \(days(done)) · не выполнено: \(missed) · пропущено: \(skipped)"
    }
    public func todayProgress(done: Int, due: Int) -> String { "Сегодня: выполнено \(done) из \(due)" }
    public func badMonth(_ text: String) -> String {
        "«\(text)» — не месяц; используйте 2026-10, -1 (прошлый месяц) или +1 (следующий)."
    }
    public func badYear(_ text: String) -> String { "«\(text)» — не год; используйте 2026, -1 (прошлый год) или +1 (следующий)." }
    public func extraArgument(_ text: String) -> String { "Лишний аргумент «\(text)»." }
    public var allTrackers: String { "Все трекеры" }
}
