import HabitCore
import HabitKit
import HabitLocalization
import HabitScreens

/// The specs' create and edit form as a plain HTML form: name (the error under the field), the
/// category picker with "Add category", the schedule (weekday toggles with "Every day", N per
/// week or month, every N days), a numeric target, the emoji and colour pickers, Cancel and
/// Create. Without a script it posts and the server answers with the errors; with one, the
/// script asks the server's check as you type and disables Create until it passes.
struct TrackerFormPage {
    let text: WebText
    let form: TrackerForm
    let check: TrackerForm.Check
    let journal: Journal
    let csrf: String
    /// After a refused submit: every error is shown, not only the name's.
    let showErrors: Bool
    /// The "add category" field as typed, with HabitKit's refusal.
    let categoryDraft: (String, String?)?

    var words: Messages { text.words }
    var returnKey: String { form.editing.map { "edit:" + $0.id } ?? (form.kind == .habit ? "new:habit" : "new:event") }

    func render() -> String {
        let editing = form.editing
        let title = words[editing != nil ? .formEditTracker : (form.kind == .habit ? .formNewHabit : .formNewEvent)]
        var html = "<header class=\"top form-top\"><h1>\(HTML.escape(title))</h1></header>\n"
        let action = editing == nil ? "/new" : "/edit"
        html += "<form class=\"tracker-form\" method=\"post\" action=\"\(action)\" novalidate data-can-submit=\"\(check.canSubmit)\">"
        html += PageFrame.csrfField(csrf)
        // Enter in a field submits the first submit button: Create, not "Add category".
        html += "<button class=\"create implicit\" type=\"submit\" tabindex=\"-1\" aria-hidden=\"true\"></button>"
        html += "<input type=\"hidden\" name=\"kind\" value=\"\(form.kind == .habit ? "habit" : "event")\">"
        if let editing { html += "<input type=\"hidden\" name=\"tracker\" value=\"\(HTML.escape(editing.id))\">" }
        html += "<div class=\"form-main\">" + nameField() + categoryField()
        if form.kind == .habit {
            html += scheduleField()
            html += targetField()
        }
        html += "</div><div class=\"form-pickers\">" + emojiField() + colorField() + "</div>"
        html += "<div class=\"actions\"><a class=\"button cancel\" href=\"/\">\(HTML.escape(words[.formCancel]))</a>"
        html += "<button class=\"create\" type=\"submit\">\(HTML.escape(editing == nil ? words[.formCreate] : text[.webSave]))</button></div>"
        return html + "</form>\n"
    }

    private func error(_ id: String, _ message: String?) -> String {
        "<p class=\"field-error\" id=\"\(id)-error\" aria-live=\"polite\">\(HTML.escape(message ?? ""))</p>"
    }

    private func nameField() -> String {
        // The name's error shows as soon as there is a name to judge (the specs: under the field).
        let refusal = check.nameRefusal.flatMap { refusal -> String? in
            if case .invalid(.empty) = refusal, !showErrors { return nil }
            return FormErrors.name(refusal, words: words)
        }
        var html = "<div class=\"field\"><label class=\"label\" for=\"name\">\(HTML.escape(words[.formName]))</label>"
        html += "<input class=\"name-input\" id=\"name\" name=\"name\" type=\"text\" value=\"\(HTML.escape(form.name))\" autocomplete=\"off\""
        html += " placeholder=\"\(HTML.escape(words[.formNamePlaceholder]))\" data-max=\"\(TrackerName.maximumLength)\""
        html += " data-too-long=\"\(HTML.escape(words[.nameTooLong]))\" aria-describedby=\"name-error\">"
        return html + error("name", refusal) + "</div>\n"
    }

    private func categoryField() -> String {
        let picker = CategoryPicker(journal: journal, checked: form.category)
        var html = "<fieldset class=\"group categories\"><legend>\(HTML.escape(words[.fieldCategory]))</legend>"
        if picker.isPlaceholder {
            html += "<p class=\"placeholder\">\(HTML.escape(words[.formNoCategories]))</p>"
        }
        html += "<ul class=\"rows\">"
        for row in picker.rows {
            html += "<li><label class=\"row\"><input type=\"radio\" name=\"category\" value=\"\(HTML.escape(row.name))\"\(row.isChecked ? " checked" : "")>"
            html += "<span>\(HTML.escape(row.name))</span><span class=\"check\" aria-hidden=\"true\">✓</span></label></li>"
        }
        html += "</ul><div class=\"add-category\"><label class=\"label\" for=\"new-category\">\(HTML.escape(words[.formAddCategory]))</label>"
        html += "<input id=\"new-category\" name=\"newCategory\" type=\"text\" autocomplete=\"off\" value=\"\(HTML.escape(categoryDraft?.0 ?? ""))\""
        html += " placeholder=\"\(HTML.escape(words[.formCategoryPlaceholder]))\">"
        html += "<button class=\"secondary add-category-button\" type=\"submit\" formaction=\"/form/category\">\(HTML.escape(words[.formAddCategory]))</button></div>"
        html += error("new-category", categoryDraft?.1)
        if !picker.isPlaceholder {
            html += "<p class=\"manage\"><a href=\"/categories?back=\(HTML.query(returnKey))\">\(HTML.escape(words[.formRename])) / \(HTML.escape(words[.uiMenuDelete]))…</a></p>"
        }
        html += error("category", showErrors && check.needsCategory ? words[.formNeedsCategory] : nil)
        return html + "</fieldset>\n"
    }

    private func scheduleField() -> String {
        var choice = "days", days: WeekdaySet = [], times = "", every = ""
        switch form.schedule {
        case .weekdays(let set): days = set
        case .perPeriod(let count, let period):
            choice = period == .week ? "week" : "month"
            times = count > 0 ? String(count) : ""
        case .everyDays(let count):
            choice = "every"
            every = count > 0 ? String(count) : ""
        }
        func radio(_ value: String, _ key: MessageKey) -> String {
            "<label class=\"choice-line\"><input type=\"radio\" name=\"schedule\" value=\"\(value)\"\(choice == value ? " checked" : "")> \(HTML.escape(words[key]))</label>"
        }
        var html = "<fieldset class=\"group schedule\"><legend>\(HTML.escape(words[.fieldSchedule]))</legend>"
        html += radio("days", .formScheduleDays)
        html += "<div class=\"weekdays\">"
        for day in Weekday.week(startingOn: journal.settings.weekStartsOn) {
            let on = choice == "days" && days.contains(day)
            html += "<label class=\"toggle\"><input type=\"checkbox\" name=\"day\(day.rawValue)\" value=\"on\"\(on ? " checked" : "")><span>\(HTML.escape(words.weekdayShort(day)))</span></label>"
        }
        let all = choice == "days" && days == .all
        html += "<label class=\"toggle every-day\"><input type=\"checkbox\" name=\"everyday\" value=\"on\"\(all ? " checked" : "")><span>\(HTML.escape(words[.everyDay]))</span></label>"
        html += "</div>"
        let summary = form.resolvedSchedule.map { words.scheduleSummary($0) } ?? ""
        html += "<p class=\"summary\" id=\"schedule-summary\">\(HTML.escape(summary))</p>"
        html += "<div class=\"period\">" + radio("week", .formScheduleWeek) + radio("month", .formScheduleMonth)
        html += "<label class=\"inline\">\(HTML.escape(words[.formTimes])) <input type=\"number\" name=\"times\" min=\"1\" max=\"31\" inputmode=\"numeric\" value=\"\(times)\"></label></div>"
        html += "<div class=\"period\">" + radio("every", .formScheduleEvery)
        html += "<label class=\"inline\">\(HTML.escape(words[.formEveryDays])) <input type=\"number\" name=\"every\" min=\"1\" max=\"3650\" inputmode=\"numeric\" value=\"\(every)\"></label></div>"
        html += error("schedule", showErrors && check.needsSchedule ? words[.formNeedsSchedule] : nil)
        return html + "</fieldset>\n"
    }

    private func targetField() -> String {
        let measure = form.measure
        let atMost = measure?.direction == .atMost
        let target = measure.map { $0.target >= 0 ? words.number($0.target) : "" } ?? ""
        var html = "<fieldset class=\"group target\"><legend>\(HTML.escape(words[.fieldTarget]))</legend><div class=\"target-line\">"
        html += "<select name=\"direction\" aria-label=\"\(HTML.escape(words[.fieldTarget]))\"><option value=\"at_least\"\(atMost ? "" : " selected")>\(HTML.escape(words[.formAtLeast]))</option>"
        html += "<option value=\"at_most\"\(atMost ? " selected" : "")>\(HTML.escape(words[.formAtMost]))</option></select>"
        html += "<input type=\"text\" name=\"target\" inputmode=\"decimal\" value=\"\(HTML.escape(target))\" aria-label=\"\(HTML.escape(words[.fieldTarget]))\">"
        html += "<input type=\"text\" name=\"unit\" maxlength=\"40\" value=\"\(HTML.escape(measure?.unit ?? ""))\" placeholder=\"\(HTML.escape(words[.formUnit]))\" aria-label=\"\(HTML.escape(words[.formUnit]))\">"
        html += "</div><p class=\"hint\">\(HTML.escape(words[.formTargetHint]))</p>"
        html += error("target", showErrors && check.invalidTarget ? words[.formInvalidTarget] : nil)
        return html + "</fieldset>\n"
    }

    private func emojiField() -> String {
        var html = "<fieldset class=\"group emoji-picker\"><legend>\(HTML.escape(words[.formEmoji]))</legend><div class=\"grid\">"
        for emoji in FormPalette.emojis(keeping: form.emoji) {
            html += "<label class=\"choice\"><input type=\"radio\" name=\"emoji\" value=\"\(HTML.escape(emoji))\"\(form.emoji == emoji ? " checked" : "")><span>\(HTML.escape(emoji))</span></label>"
        }
        return html + "</div></fieldset>\n"
    }

    private func colorField() -> String {
        var html = "<fieldset class=\"group color-picker\"><legend>\(HTML.escape(words[.fieldColor]))</legend><div class=\"grid\">"
        for color in FormPalette.colors(keeping: form.color) {
            let name = color.description
            html += "<label class=\"choice\"><input type=\"radio\" name=\"color\" value=\"\(HTML.escape(name))\"\(form.color == color ? " checked" : "")>"
            html += "<span class=\"swatch\(CardColors.className(color))\" title=\"\(HTML.escape(name))\"></span><span class=\"label\">\(HTML.escape(name))</span></label>"
        }
        return html + "</div></fieldset>\n"
    }
}

/// The specs' "+" sheet: a habit or an irregular event.
struct KindChoicePage {
    let text: WebText

    func render() -> String {
        let words = text.words
        var html = PageFrame.top(words[.formNewTracker]) + "<div class=\"kinds\">"
        html += "<a class=\"button big\" href=\"/new?kind=habit\">\(HTML.escape(words[.formKindHabit]))</a>"
        html += "<a class=\"button big\" href=\"/new?kind=event\">\(HTML.escape(words[.formKindEvent]))</a>"
        return html + "</div>\n"
    }
}
