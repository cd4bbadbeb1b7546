import HabitKit
import HabitScreens
import Hummingbird

/// The category picker's changes (POST, behind `ChangeChecks`): add, rename, delete, each
/// `habit category` once, one commit; back to the picker.
extension WebApp {
    func addCategory(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            let name = form["name"] ?? ""
            do { try habits.addCategory(name, reusing: change.store) } catch { return pickerAgain(change, refused: error, key: "", name: name) }
            return backToPicker(change)
        }
    }

    func renameCategory(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            let name = form["name"] ?? ""
            guard let old = form["category"], change.store.settings.categories.contains(old) else { return change.bad("category", .notFound) }
            do { try habits.renameCategory(old, to: name, reusing: change.store) } catch { return pickerAgain(change, refused: error, key: old, name: name) }
            return backToPicker(change)
        }
    }

    func deleteCategory(_ call: Call, _ principal: Principal, _ form: FormBody) -> Response {
        changing(call, principal, form) { change in
            guard let name = form["category"], change.store.settings.categories.contains(name) else { return change.bad("category", .notFound) }
            do { try habits.removeCategory(name, reusing: change.store) } catch { return change.refused(error) }
            return backToPicker(change)
        }
    }

    private func backToPicker(_ change: Changing) -> Response {
        Reply.redirect("/categories" + (change.back.map { "?back=" + HTML.query($0.query) } ?? ""))
    }

    /// The picker again, with HabitKit's refusal under the field that was typed in (`key`: the
    /// category renamed, "" for a new one).
    private func pickerAgain(_ change: Changing, refused error: any Error, key: String, name: String) -> Response {
        let text = change.call.text
        let journal = change.store.journal
        let draft = key.isEmpty ? CategoryPicker.addDraft(name, in: journal) : CategoryPicker.renameDraft(of: key, name, in: journal)
        let words = draft.refusal.map { FormErrors.category($0, name: name, words: text.words) } ?? WebRefusal.sentence(error, text.words, today: nil)
        let picker = CategoryPicker(journal: journal, checked: nil)
        let content = CategoriesPage(text: text, picker: picker, csrf: change.session.csrf, back: change.back, drafts: [key: (name, words)]).render()
        return page(text, change.session, title: text.words[.formCategories], content, status: .unprocessableContent)
    }
}
