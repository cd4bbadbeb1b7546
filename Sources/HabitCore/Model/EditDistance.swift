/// How many single-character edits (insert, delete, replace, swap of neighbours) turn one word
/// into another: the measure behind "did you mean …?".
public enum EditDistance {
    public static func between(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous2 = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[y.count]
    }

    /// The candidate closest to `word`, if one is close enough to be a likely typo: at most one
    /// edit for short words, two for words of five letters or more.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let limit = word.count >= 5 ? 2 : 1
        var best: (String, Int)? = nil
        for candidate in candidates where candidate != word {
            let distance = between(word, candidate)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }
}
