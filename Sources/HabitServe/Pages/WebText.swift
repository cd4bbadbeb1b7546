/// The sentences of the web pages in English and Russian.
// TODO(lead): these belong in HabitLocalization's catalogs once that module is on main; the keys
// here are named as the catalog keys would be.
struct WebText: Sendable {
    let language: WebLanguage

    enum Key: Sendable {
        case trackers, statistics, search, filters, allTrackers, todaysTrackers, completed, uncompleted
        case whatShallWeTrack, nothingFound, pinned, markDone, markUndone, amount, save, today, previousWeek, nextWeek
        case bestStreak, perfectDays, trackersCompleted, average, nothingToAnalyse
        case syncNow, offlineNote, notSynced, lastSyncFailed, synced, syncFailed
        case logIn, token, loginIntro, loginFailed, tooManyLogins
        case fileHasErrors, fileNeverOverwritten, badRequest, notFound, forbidden, tooLarge, refused
        case daysDone, day, go
    }

    subscript(_ key: Key) -> String {
        language == .russian ? Self.russian(key) : Self.english(key)
    }

    func days(_ count: Int) -> String {
        switch language {
        case .english: return count == 1 ? "1 day" : "\(count) days"
        case .russian:
            let ten = count % 10, hundred = count % 100
            let word = ten == 1 && hundred != 11 ? "день" : ((2...4).contains(ten) && !(12...14).contains(hundred) ? "дня" : "дней")
            return "\(count) \(word)"
        }
    }

    static func english(_ key: Key) -> String {
        switch key {
        case .trackers: "Trackers"
        case .statistics: "Statistics"
        case .search: "Search"
        case .filters: "Filters"
        case .allTrackers: "All trackers"
        case .todaysTrackers: "Today's trackers"
        case .completed: "Completed"
        case .uncompleted: "Not completed"
        case .whatShallWeTrack: "What shall we track?"
        case .nothingFound: "Nothing found"
        case .pinned: "Pinned"
        case .markDone: "Mark done"
        case .markUndone: "Mark not done"
        case .amount: "Amount"
        case .save: "Save"
        case .today: "Today"
        case .previousWeek: "Previous week"
        case .nextWeek: "Next week"
        case .bestStreak: "Best streak"
        case .perfectDays: "Perfect days"
        case .trackersCompleted: "Trackers completed"
        case .average: "Average"
        case .nothingToAnalyse: "Nothing to analyse yet"
        case .syncNow: "Sync now"
        case .offlineNote: "No connection to the server. Marks are kept on this device and sent when it is back."
        case .notSynced: "changes not synced yet"
        case .lastSyncFailed: "the last sync failed"
        case .synced: "Synced."
        case .syncFailed: "The sync failed"
        case .logIn: "Log in"
        case .token: "Token"
        case .loginIntro: "Open the address habit serve printed, or paste its token (in $XDG_CONFIG_HOME/habit/serve-token)."
        case .loginFailed: "That token is not right."
        case .tooManyLogins: "Too many failed logins. Wait a minute and try again."
        case .fileHasErrors: "These files have errors and are left out until they are fixed (habit check shows them):"
        case .fileNeverOverwritten: "habit never writes a file with errors."
        case .badRequest: "This request cannot be handled"
        case .notFound: "Not found"
        case .forbidden: "Refused"
        case .tooLarge: "The request is too large"
        case .refused: "Refused"
        case .daysDone: "days"
        case .day: "Day"
        case .go: "Show"
        }
    }

    static func russian(_ key: Key) -> String {
        switch key {
        case .trackers: "Трекеры"
        case .statistics: "Статистика"
        case .search: "Поиск"
        case .filters: "Фильтры"
        case .allTrackers: "Все трекеры"
        case .todaysTrackers: "Трекеры на сегодня"
        case .completed: "Завершённые"
        case .uncompleted: "Не завершённые"
        case .whatShallWeTrack: "Что будем отслеживать?"
        case .nothingFound: "Ничего не найдено"
        case .pinned: "Закреплённые"
        case .markDone: "Отметить выполненным"
        case .markUndone: "Снять отметку"
        case .amount: "Количество"
        case .save: "Сохранить"
        case .today: "Сегодня"
        case .previousWeek: "Предыдущая неделя"
        case .nextWeek: "Следующая неделя"
        case .bestStreak: "Лучший период"
        case .perfectDays: "Идеальные дни"
        case .trackersCompleted: "Трекеров завершено"
        case .average: "Среднее значение"
        case .nothingToAnalyse: "Анализировать пока нечего"
        case .syncNow: "Синхронизировать"
        case .offlineNote: "Нет связи с сервером. Отметки сохраняются на этом устройстве и будут отправлены, когда связь вернётся."
        case .notSynced: "изменений ещё не синхронизировано"
        case .lastSyncFailed: "последняя синхронизация не удалась"
        case .synced: "Синхронизировано."
        case .syncFailed: "Синхронизация не удалась"
        case .logIn: "Войти"
        case .token: "Токен"
        case .loginIntro: "Откройте адрес, который напечатал habit serve, или вставьте его токен (в $XDG_CONFIG_HOME/habit/serve-token)."
        case .loginFailed: "Токен неверный."
        case .tooManyLogins: "Слишком много неудачных попыток входа. Подождите минуту и попробуйте снова."
        case .fileHasErrors: "В этих файлах ошибки, они не показаны, пока их не исправят (их показывает habit check):"
        case .fileNeverOverwritten: "habit никогда не записывает файл с ошибками."
        case .badRequest: "Этот запрос нельзя выполнить"
        case .notFound: "Не найдено"
        case .forbidden: "Отказано"
        case .tooLarge: "Запрос слишком большой"
        case .refused: "Отказано"
        case .daysDone: "дней"
        case .day: "День"
        case .go: "Показать"
        }
    }
}
