/// The page language from `Accept-Language`: the first of English and Russian by preference.
enum WebLanguage: String, Sendable {
    case english = "en"
    case russian = "ru"

    init(acceptLanguage header: String?) {
        var best: (WebLanguage, Double)? = nil
        for (position, item) in (header ?? "").split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: " ") }
            guard let tag = parts.first?.lowercased() else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") { quality = Double(parameter.dropFirst(2)) ?? 0 }
            let language: WebLanguage? = tag.hasPrefix("ru") ? .russian : (tag.hasPrefix("en") ? .english : nil)
            guard let language, quality > 0 else { continue }
            let score = quality - Double(position) * 0.0001
            if best == nil || score > best!.1 { best = (language, score) }
        }
        self = best?.0 ?? .english
    }
}

extension StringProtocol {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
