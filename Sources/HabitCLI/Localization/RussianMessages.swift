import HabitCore

/// Русский каталог.
public struct RussianMessages: Messages {
    public init() {}

    /// Russian plural: 1 день, 2 дня, 5 дней, 11 дней, 21 день, 22 дня.
    static func plural(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
        let tens = abs(count) % 100
        let units = abs(count) % 10
        if (11...14).contains(tens) { return "\(count) \(many)" }
        switch units {
        case 1: return "\(count) \(one)"
        case 2...4: return "\(count) \(few)"
        default: return "\(count) \(many)"
        }
    }

    public func days(_ count: Int) -> String { Self.plural(count, "день", "дня", "дней") }
    public func trackers(_ count: Int) -> String { Self.plural(count, "трекер", "трекера", "трекеров") }
    public func weekdayName(_ day: Weekday) -> String {
        ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"][day.rawValue - 1]
    }
    public func weekdayShort(_ day: Weekday) -> String {
        ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"][day.rawValue - 1]
    }
    public func monthName(_ month: Int) -> String {
        ["Январь", "Февраль", "Март", "Апрель", "Май", "Июнь", "Июль", "Август", "Сентябрь", "Октябрь",
         "Ноябрь", "Декабрь"][month - 1]
    }
    private func monthGenitive(_ month: Int) -> String {
        ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
         "ноября", "декабря"][month - 1]
    }
    public func longDate(_ day: CivilDate) -> String {
        "\(weekdayName(day.weekday)), \(day.day) \(monthGenitive(day.month)) \(day.year)"
    }
    public func relativeDay(_ day: CivilDate, today: CivilDate) -> String? {
        switch day.days(since: today) {
        case 0: "сегодня"
        case -1: "вчера"
        default: nil
        }
    }
    public var everyDay: String { "Каждый день" }
    public var event: String { "Нерегулярное событие" }
    public var error: String { "ошибка" }
    public var warning: String { "предупреждение" }
    public var hint: String { "подсказка" }
    public var yesNoPrompt: String { "[y/N]" }

    public var pinned: String { "Закреплённые" }
    public var nothingToTrack: String { "Что будем отслеживать?" }
    public var nothingToTrackHint: String { "На этот день ничего не запланировано. Добавьте трекер: habit add \"Чтение\" --category Учёба --daily" }
    public var nothingFound: String { "Ничего не найдено" }
    public var nothingFoundHint: String { "Ни один трекер не подходит под поиск или фильтр. Попробуйте: habit list --filter all" }
    public func filesHaveProblems(_ count: Int) -> String {
        "С файлами есть проблемы (\(Self.plural(count, "файл", "файла", "файлов"))), они пропущены; подробности: `habit check`."
    }

    public func notInitialized(_ directory: String) -> String { "В \(directory) ещё нет данных habit." }
    public var notInitializedHint: String {
        "Выполните `habit init`, чтобы начать здесь, или укажите существующий каталог через --dir или HABIT_DIR."
    }
    public func alreadyInitialized(_ directory: String) -> String { "В \(directory) уже есть данные habit." }
    public func welcome(directory: String) -> String {
        """
        Добро пожаловать в habit! Данные хранятся в \(directory) — обычные файлы TOML, их можно править вручную.

        Трекер — это то, что вы хотите делать регулярно (привычка, в выбранные дни недели) или однажды
        (нерегулярное событие). Каждый день отмечайте выполненное, а habit покажет серии и прогресс.

        Дальше:
          habit category add Здоровье
          habit add "Утренняя пробежка" --category Здоровье --days mon,wed,fri --emoji 🏃
          habit done "Утренняя пробежка"    отметить сегодня
          habit                             что запланировано на сегодня
        """
    }

    public func noSuchTracker(_ text: String) -> String { "Нет трекера «\(text)»." }
    public func ambiguousTracker(_ text: String) -> String { "«\(text)» подходит к нескольким трекерам:" }
    public var nameEmpty: String { "Название не может быть пустым." }
    public var nameTooLong: String { "Ограничение 38 символов" }
    public var nameControlCharacter: String { "Название не может содержать управляющие символы." }
    public func nameTaken(_ name: String) -> String { "Трекер «\(name)» уже есть." }
    public func unknownCategory(_ name: String) -> String { "Нет категории «\(name)»." }
    public func unknownCategoryHint(_ known: [String]) -> String {
        known.isEmpty
            ? "Сначала создайте её: habit category add НАЗВАНИЕ"
            : "Выберите одну из: \(known.joined(separator: ", ")) или создайте: habit category add НАЗВАНИЕ"
    }
    public var scheduleMissing: String {
        "Привычке нужно расписание: --days mon,wed,fri или --daily (или --event для нерегулярного события)."
    }
    public var scheduleConflict: String { "Выберите что-то одно: --days, --daily или --event." }
    public func badWeekdays(_ text: String) -> String { "«\(text)» — не список дней недели вида mon,wed,fri." }
    public func badColor(_ text: String) -> String {
        "«\(text)» — не цвет; используйте \(PaletteColor.allCases.map(\.rawValue).joined(separator: ", ")) или #RRGGBB."
    }
    public func badEmoji(_ text: String) -> String { "«\(text)» — не один эмодзи." }
    public func badGoal(_ text: String) -> String { "«\(text)» — не цель; укажите дни, недели или месяцы: 30d, 8w, 3m." }
    public func badDate(_ text: String) -> String {
        "«\(text)» — не день; используйте 2026-11-21, today, yesterday, -3 (дня назад) или день недели."
    }
    public func noTerminal(for option: String) -> String { "Не указано \(option) (нет терминала, чтобы спросить)." }
    public func added(_ name: String, category: String) -> String { "Трекер «\(name)» добавлен в «\(category)»." }
    public func edited(_ name: String) -> String { "Трекер «\(name)» изменён." }
    public var nothingToEdit: String { "Нечего менять: укажите параметр, например --name, --days или --emoji." }
    public func confirmDelete(_ name: String, marks: Int) -> String {
        "Удалить «\(name)» со всеми данными (отмечено: \(days(marks)))?"
    }
    public func deleted(_ name: String) -> String { "Трекер «\(name)» удалён." }
    public var confirmationNeeded: String { "Это удалит данные; добавьте --yes для подтверждения (нет терминала, чтобы спросить)." }
    public var cancelled: String { "Отменено; ничего не изменилось." }
    public func pinnedTracker(_ name: String) -> String { "«\(name)» закреплён." }
    public func unpinnedTracker(_ name: String) -> String { "«\(name)» откреплён." }
    public func alreadyPinned(_ name: String) -> String { "«\(name)» уже закреплён." }
    public func notPinned(_ name: String) -> String { "«\(name)» не закреплён." }
    public func confirmDropEntries(_ name: String, count: Int, start: CivilDate) -> String {
        "Перенос начала «\(name)» на \(start) удалит отметки до этой даты (\(days(count))). Продолжить?"
    }
    public func droppedEntries(_ count: Int) -> String { "Удалены отметки до нового начала: \(days(count))." }

    public var promptName: String { "Название" }
    public var promptCategory: String { "Категория (номер или новое название)" }
    public var promptNewCategory: String { "Категорий пока нет. Название первой" }
    public var promptSchedule: String { "Дни (например mon,wed,fri или daily)" }
    public var promptEmoji: String { "Эмодзи (Enter — пропустить)" }
    public var promptColor: String { "Цвет (Enter — пропустить)" }
    public var promptKind: String { "Привычка по дням недели или нерегулярное событие? (h/e)" }

    public func markedDone(_ name: String, day: String) -> String { "✓ «\(name)» выполнено: \(day)." }
    public func markedUndone(_ name: String, day: String) -> String { "Отметка «\(name)» снята: \(day)." }
    public func markedSkipped(_ name: String, day: String) -> String { "«\(name)» пропущено по уважительной причине: \(day) (серия не прерывается)." }
    public func alreadyDone(_ name: String, day: String) -> String { "«\(name)» уже выполнено: \(day)." }
    public func alreadySkipped(_ name: String, day: String) -> String { "«\(name)» уже пропущено: \(day)." }
    public func notMarked(_ name: String, day: String) -> String { "«\(name)» не было отмечено: \(day); снимать нечего." }
    public func refusedFuture(_ day: String) -> String { "\(day) ещё не наступило; отмечать можно только прошедшие дни и сегодня." }
    public var refusedFutureHint: String { "Без --date отмечается сегодня." }
    public func refusedBeforeStart(_ name: String, start: CivilDate) -> String {
        "«\(name)» начинается \(longDate(start)); более ранние дни отмечать нельзя. Перенести начало: habit edit \"\(name)\" --start ДАТА"
    }
    public func refusedNotScheduled(_ name: String, day: String, schedule: String) -> String {
        "«\(name)» не запланировано на \(day) (дни: \(schedule))."
    }

    public var categoriesHeading: String { "Категории" }
    public var noCategories: String { "Категорий пока нет." }
    public var noCategoriesHint: String { "Создайте: habit category add Здоровье" }
    public var categoryNameEmpty: String { "В названии категории нужен хотя бы один символ." }
    public func categoryExists(_ name: String) -> String { "Категория «\(name)» уже есть." }
    public func categoryAdded(_ name: String) -> String { "Категория «\(name)» добавлена." }
    public func categoryRenamed(_ old: String, _ new: String, trackers count: Int) -> String {
        "Категория «\(old)» переименована в «\(new)» (обновлено: \(trackers(count)))."
    }
    public func confirmCategoryRemoval(_ name: String, trackers list: [String]) -> String {
        list.isEmpty
            ? "Удалить категорию «\(name)»?"
            : "Удалить категорию «\(name)» со всеми данными, включая \(trackers(list.count)): \(list.joined(separator: ", "))?"
    }
    public func categoryRemoved(_ name: String, trackers count: Int) -> String {
        count == 0 ? "Категория «\(name)» удалена." : "Категория «\(name)» удалена вместе с: \(trackers(count))."
    }

    public func checkClean(files: Int) -> String { "Все файлы в порядке (\(Self.plural(files, "файл", "файла", "файлов")))." }
    public func checkSummary(errors: Int, warnings: Int) -> String {
        "Ошибок: \(errors), предупреждений: \(warnings)."
    }
}
