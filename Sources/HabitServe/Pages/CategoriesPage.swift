import HabitLocalization
import HabitScreens

/// The category picker's management (the specs' long press on a category): each category with
/// its trackers' count, renamed in place (`habit category rename`), deleted after a confirmation
/// (`habit category rm`), and "Add category" (`habit category add`).
struct CategoriesPage {
    let text: WebText
    let picker: CategoryPicker
    let csrf: String
    /// The form the picker was opened from, to return to.
    let back: FormReturn?
    /// A field typed in and refused: the category renamed ("" for the add field), the text, the refusal.
    let drafts: [String: (String, String)]

    func render() -> String {
        let words = text.words
        var html = PageFrame.top(words[.formCategories])
        if picker.isPlaceholder { html += "<p class=\"placeholder\">\(HTML.escape(words[.formNoCategories]))</p>\n" }
        let backField = back.map { "<input type=\"hidden\" name=\"back\" value=\"\(HTML.escape($0.query))\">" } ?? ""
        html += "<ul class=\"category-list\">"
        for row in picker.rows {
            let draft = drafts[row.name]
            html += "<li class=\"category-row\" data-category=\"\(HTML.escape(row.name))\">"
            html += "<form class=\"rename\" method=\"post\" action=\"/category/rename\">" + PageFrame.csrfField(csrf) + backField
            html += "<input type=\"hidden\" name=\"category\" value=\"\(HTML.escape(row.name))\">"
            html += "<label><span class=\"label\">\(HTML.escape(words[.formRename]))</span><input type=\"text\" name=\"name\" autocomplete=\"off\" value=\"\(HTML.escape(draft?.0 ?? row.name))\"></label>"
            html += "<span class=\"count\">\(HTML.escape(words.trackers(row.trackerCount)))</span>"
            html += "<button class=\"secondary\" type=\"submit\">\(HTML.escape(words[.formRename]))</button></form>"
            html += "<a class=\"button danger\" href=\"/category/delete?name=\(HTML.query(row.name))\(back.map { "&amp;back=" + HTML.query($0.query) } ?? "")\">\(HTML.escape(words[.uiMenuDelete]))</a>"
            if let draft { html += "<p class=\"field-error\" role=\"alert\">\(HTML.escape(draft.1))</p>" }
            html += "</li>"
        }
        html += "</ul>\n"
        let added = drafts[""]
        html += "<form class=\"add-category\" method=\"post\" action=\"/category/add\">" + PageFrame.csrfField(csrf) + backField
        html += "<label><span class=\"label\">\(HTML.escape(words[.formAddCategory]))</span><input type=\"text\" name=\"name\" autocomplete=\"off\" value=\"\(HTML.escape(added?.0 ?? ""))\" placeholder=\"\(HTML.escape(words[.formCategoryPlaceholder]))\"></label>"
        html += "<button type=\"submit\" class=\"done-button\">\(HTML.escape(words[.formAddCategory]))</button></form>\n"
        if let added { html += "<p class=\"field-error\" role=\"alert\">\(HTML.escape(added.1))</p>\n" }
        if let back { html += "<p><a class=\"button secondary\" href=\"\(back.link)\">\(HTML.escape(words[back.titleKey]))</a></p>\n" }
        return html
    }
}

/// The confirmation of a category's delete: the trackers it takes with it, by name.
struct CategoryDeletePage {
    let text: WebText
    let confirmation: CategoryPicker.Confirmation
    let csrf: String
    let back: FormReturn?

    func render() -> String {
        let words = text.words
        let names = confirmation.trackers.map { "“\($0)”" }
        let question = names.isEmpty
            ? words.text(.confirmCategoryRemoval, confirmation.category)
            : words.text(.confirmCategoryRemovalWithTrackers, confirmation.category, names.count, words.list(names))
        return DeleteConfirmation.render(words, question: question, hint: nil, action: "/category/delete",
                                         fields: [("category", confirmation.category)] + (back.map { [("back", $0.query)] } ?? []),
                                         csrf: csrf, cancel: "/categories" + (back.map { "?back=" + HTML.query($0.query) } ?? ""))
    }
}
