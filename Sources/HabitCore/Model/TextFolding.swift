/// Text as search compares it: case-insensitive, and blind to the accents people leave out when
/// typing (é, ü, ñ, ё).
public enum TextFolding {
    public static func fold(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.lowercased() {
            if character.isASCII {
                result.append(character)
            } else if let plain = plainLetters[character] {
                result += plain
            } else {
                // Combining marks typed separately (e + ◌́) go; the letter stays.
                let kept = character.unicodeScalars.filter { !$0.properties.isDiacritic || $0.value < 0x300 || $0.value > 0x36F }
                result.unicodeScalars.append(contentsOf: kept)
            }
        }
        return result
    }

    private static let plainLetters: [Character: String] = {
        let groups: [(String, String)] = [
            ("a", "àáâãäåāăą"), ("c", "çćĉċč"), ("d", "ďđ"), ("e", "èéêëēĕėęě"), ("g", "ĝğġģ"), ("h", "ĥħ"),
            ("i", "ìíîïĩīĭįı"), ("j", "ĵ"), ("k", "ķ"), ("l", "ĺļľŀł"), ("n", "ñńņňŉ"), ("o", "òóôõöøōŏő"),
            ("r", "ŕŗř"), ("s", "śŝşšș"), ("t", "ţťŧț"), ("u", "ùúûüũūŭůűų"), ("w", "ŵ"), ("y", "ýÿŷ"),
            ("z", "źżž"), ("ae", "æ"), ("oe", "œ"), ("ss", "ß"), ("е", "ё"), ("и", "й"),
        ]
        var table: [Character: String] = [:]
        for (plain, accented) in groups { for character in accented { table[character] = plain } }
        return table
    }()
}
