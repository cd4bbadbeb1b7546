import HabitCore

/// A year heatmap (HabitCore's `YearHeatmap`, the one `habit cal --year` draws) as one
/// self-contained SVG: `habit export svg`, the cards of `habit report` and the web app draw it
/// with this renderer. Nothing outside the document is referenced (no fonts, no links), the words
/// are the caller's (HabitLocalization's, in the reader's language), the colours follow the
/// tracker's colour, and a `prefers-color-scheme: dark` rule inside the document gives the dark
/// look. Accessible: the image has a title, and every day a `<title>` with its date and state.
public struct HeatmapSVG<Cell: DayCell & HeatmapShading>: Sendable {
    public var heatmap: YearHeatmap<Cell>
    public var today: CivilDate
    public var color: TrackerColor?
    public var labels: HeatmapLabels<Cell>
    /// Makes the document's identifier and its CSS selectors unique, so several heatmaps inlined
    /// in one HTML page keep their own colours. Letters, digits and `-` only; others are dropped.
    public var name: String

    public init(heatmap: YearHeatmap<Cell>, today: CivilDate, color: TrackerColor?, labels: HeatmapLabels<Cell>, name: String) {
        self.heatmap = heatmap
        self.today = today
        self.color = color
        self.labels = labels
        self.name = name
    }

    /// Cell size and gap, in SVG user units (pixels at 100 %).
    static var cell: Int { 11 }
    static var step: Int { 13 }
    /// Room for the weekday names on the left and the title and month names on top.
    static var left: Int { 30 }
    static var top: Int { 38 }

    /// The identifier of the `<svg>` element, and the scope of its style rules.
    public var identifier: String {
        let kept = name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        return "heatmap-" + (kept.isEmpty ? "year" : String(kept)) + "-\(heatmap.year)"
    }

    /// The whole document, starting with `<svg` (no XML declaration, so it can be inlined in HTML
    /// as it is; a file holding it is a valid SVG image as well).
    public func render() -> String {
        let weeks = heatmap.weeks
        let width = Self.left + weeks.count * Self.step + 8
        let legendY = Self.top + 7 * Self.step + 10
        let height = legendY + Self.cell + 6
        let id = identifier
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"\(id)\" class=\"heatmap\" width=\"\(width)\" height=\"\(height)\""
        svg += " viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"\(id)-title\">\n"
        svg += "<title id=\"\(id)-title\">\(XMLText.escape(labels.title))</title>\n"
        svg += "<style>\n" + style(id) + "</style>\n"
        svg += "<text class=\"h\" x=\"0\" y=\"12\">\(XMLText.escape(labels.title))</text>\n"
        // Month names above the week holding the month's first day, never overlapping.
        var nextFree = 0
        for (column, week) in weeks.enumerated() {
            guard let first = week.compactMap({ $0 }).first(where: { $0.day.day == 1 }) else { continue }
            let x = Self.left + column * Self.step
            guard x >= nextFree else { continue }
            svg += "<text class=\"m\" x=\"\(x)\" y=\"\(Self.top - 6)\">\(XMLText.escape(labels.month(first.day.month)))</text>\n"
            nextFree = x + 3 * Self.step
        }
        // Weekday names on every other row, as the common contribution graphs do.
        for (row, weekday) in Weekday.week(startingOn: heatmap.weekStartsOn).enumerated() where row % 2 == 0 {
            let y = Self.top + row * Self.step + Self.cell - 2
            svg += "<text class=\"m\" x=\"0\" y=\"\(y)\">\(XMLText.escape(labels.weekday(weekday)))</text>\n"
        }
        svg += "<g>\n"
        for (column, week) in weeks.enumerated() {
            for (row, cell) in week.enumerated() {
                guard let cell else { continue }
                let classes = cell.day == today ? "\(cell.shade.className) t" : cell.shade.className
                svg += "<rect class=\"\(classes)\" x=\"\(Self.left + column * Self.step)\" y=\"\(Self.top + row * Self.step)\""
                svg += " width=\"\(Self.cell)\" height=\"\(Self.cell)\" rx=\"2\"><title>\(XMLText.escape(labels.dayTitle(cell)))</title></rect>\n"
            }
        }
        svg += "</g>\n"
        // The scale: "Less ▢▢▢▢▢ More", at the right edge.
        let scaleX = width - 8 - 5 * Self.step - 36
        svg += "<text class=\"m\" x=\"\(scaleX - 4)\" y=\"\(legendY + Self.cell - 2)\" text-anchor=\"end\">\(XMLText.escape(labels.less))</text>\n"
        for level in 0...4 {
            svg += "<rect class=\"l\(level)\" x=\"\(scaleX + level * Self.step)\" y=\"\(legendY)\" width=\"\(Self.cell)\" height=\"\(Self.cell)\" rx=\"2\"/>\n"
        }
        svg += "<text class=\"m\" x=\"\(scaleX + 5 * Self.step + 2)\" y=\"\(legendY + Self.cell - 2)\">\(XMLText.escape(labels.more))</text>\n"
        svg += "</svg>\n"
        return svg
    }

    /// The rules of one document, every selector under its identifier.
    private func style(_ id: String) -> String {
        let light = HeatmapColors.light(color)
        let dark = HeatmapColors.dark(color)
        func rules(_ colors: HeatmapColors.Scheme, indent: String) -> String {
            let s = "#\(id) "
            var css = ""
            css += "\(indent)\(s)text { fill: \(colors.text); font: 10px -apple-system, system-ui, \"Segoe UI\", Roboto, sans-serif; }\n"
            css += "\(indent)\(s).h { font-size: 12px; font-weight: 600; fill: \(colors.heading); }\n"
            css += "\(indent)\(s).l0, \(s).n, \(s).s { fill: \(colors.empty); }\n"
            css += "\(indent)\(s).n { fill-opacity: .45; }\n"
            for (level, opacity) in [(1, ".3"), (2, ".55"), (3, ".8"), (4, "1")] {
                css += "\(indent)\(s).l\(level) { fill: \(colors.accent); fill-opacity: \(opacity); }\n"
            }
            css += "\(indent)\(s).s { stroke: \(colors.accent); stroke-opacity: .6; stroke-dasharray: 2 2; }\n"
            css += "\(indent)\(s).g { fill: \(colors.forgiven); }\n"
            css += "\(indent)\(s).f { fill: none; stroke: \(colors.empty); }\n"
            css += "\(indent)\(s).t { stroke: \(colors.heading); stroke-width: 1.5; }\n"
            return css
        }
        return rules(light, indent: "") + "@media (prefers-color-scheme: dark) {\n" + rules(dark, indent: "  ") + "}\n"
    }
}

/// The words of a heatmap, in the reader's language (the caller takes them from HabitLocalization).
public struct HeatmapLabels<Cell: DayCell>: Sendable {
    /// The image's accessible name and visible heading: "Run — 2026".
    public var title: String
    /// Twelve short month names, January first.
    public var monthsShort: [String]
    /// Seven short weekday names, Monday first (`Weekday.rawValue - 1`).
    public var weekdaysShort: [String]
    public var less: String
    public var more: String
    /// A day's `<title>`: its date and state, "5 March 2026: done".
    public var dayTitle: @Sendable (Cell) -> String

    public init(title: String, monthsShort: [String], weekdaysShort: [String], less: String, more: String,
                dayTitle: @escaping @Sendable (Cell) -> String) {
        self.title = title
        self.monthsShort = monthsShort
        self.weekdaysShort = weekdaysShort
        self.less = less
        self.more = more
        self.dayTitle = dayTitle
    }

    func month(_ month: Int) -> String { monthsShort.indices.contains(month - 1) ? monthsShort[month - 1] : String(month) }
    func weekday(_ day: Weekday) -> String { weekdaysShort.indices.contains(day.rawValue - 1) ? weekdaysShort[day.rawValue - 1] : "" }
}

/// How a heatmap cell is drawn.
public enum HeatmapShade: Hashable, Sendable {
    /// Nothing done on a day that asked for something (0), a share of the due trackers (1…3), all
    /// of them or the tracker's one (4).
    case level(Int)
    /// Nothing was asked of the day.
    case notScheduled
    case skipped
    /// A miss within the tracker's allowance.
    case forgiven
    /// After today.
    case future

    var className: String {
        switch self {
        case .level(let level): "l\(max(0, min(4, level)))"
        case .notScheduled: "n"
        case .skipped: "s"
        case .forgiven: "g"
        case .future: "f"
        }
    }
}

/// A heatmap cell that knows how it is drawn.
public protocol HeatmapShading {
    var shade: HeatmapShade { get }
}

extension TrackerDay: HeatmapShading {
    public var shade: HeatmapShade {
        switch state {
        case .future: .future
        case .notScheduled: .notScheduled
        case .skipped: .skipped
        case .forgiven: .forgiven
        case .done, .doneOffSchedule, .missed, .pending: .level(level)
        }
    }
}

extension DaySummary: HeatmapShading {
    public var shade: HeatmapShade {
        switch state {
        case .future: .future
        case .nothingScheduled: .notScheduled
        case .excused: .skipped
        case .perfect, .partial, .missed, .inProgress: .level(level)
        }
    }
}

/// The colours of a heatmap in a light and a dark look, from the tracker's colour.
enum HeatmapColors {
    struct Scheme {
        var accent: String
        var empty: String
        var text: String
        var heading: String
        var forgiven: String
    }

    /// The web app's accent, for trackers without a colour.
    static let defaultLight = "#3772e7"
    static let defaultDark = "#4e86f5"

    /// Palette names as sRGB, a darker shade for a light background and a lighter one for a dark.
    static let palette: [PaletteColor: (light: String, dark: String)] = [
        .red: ("#d73a3a", "#f26b6b"), .orange: ("#e8770e", "#ff9e45"), .yellow: ("#c99a06", "#f2c94c"),
        .green: ("#2ea043", "#4cc866"), .teal: ("#0f8f8a", "#2fc2bb"), .blue: ("#2f6fd8", "#5b93f2"),
        .purple: ("#8a4cc4", "#b282ea"), .pink: ("#d6437f", "#f27aab"), .gray: ("#6e7681", "#9ea7b3"),
    ]

    static func light(_ color: TrackerColor?) -> Scheme {
        Scheme(accent: accent(color, dark: false), empty: "#ebedf0", text: "#57606a", heading: "#1a1b22", forgiven: "#e3b341")
    }

    static func dark(_ color: TrackerColor?) -> Scheme {
        Scheme(accent: accent(color, dark: true), empty: "#2c2d35", text: "#aeafb4", heading: "#ffffff", forgiven: "#bb8009")
    }

    static func accent(_ color: TrackerColor?, dark: Bool) -> String {
        guard let color else { return dark ? defaultDark : defaultLight }
        switch color {
        case .palette(let name): return dark ? palette[name]!.dark : palette[name]!.light
        case .rgb: return color.description
        }
    }
}
