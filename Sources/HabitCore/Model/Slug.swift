/// File names for trackers, derived from their names so that `ls trackers/` reads well.
///
/// Only `a-z`, `0-9` and `-` survive (Cyrillic is transliterated), so no name can escape
/// `trackers/` or collide with special names; an empty result falls back to `tracker`.
public enum Slug {
    public static func make(from name: String, taken: Set<String> = []) -> String {
        var slug = ""
        var pendingDash = false
        for character in name.lowercased() {
            let piece: String
            if character.isASCII, character.isLetter || character.isNumber {
                piece = String(character)
            } else if let latin = cyrillic[character] {
                piece = latin
            } else {
                pendingDash = !slug.isEmpty
                continue
            }
            if pendingDash { slug += "-" }
            pendingDash = false
            slug += piece
            if slug.count >= 48 { break }
        }
        if slug.isEmpty { slug = "tracker" }
        var candidate = slug
        var suffix = 2
        while taken.contains(candidate) {
            candidate = "\(slug)-\(suffix)"
            suffix += 1
        }
        return candidate
    }

    private static let cyrillic: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
        "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
        "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sch",
        "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    ]
}
