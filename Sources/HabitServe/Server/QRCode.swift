import CQRencode

/// A QR code's modules from libqrencode (loaded on first use), drawn in a terminal with Unicode
/// half blocks: two rows of modules per line of text.
struct QRCode: Equatable {
    let width: Int
    /// Row by row, true for a dark module.
    let modules: [Bool]

    /// nil when libqrencode cannot be loaded or cannot encode the text.
    init?(_ text: String) {
        var width: Int32 = 0
        var data: UnsafeMutablePointer<UInt8>? = nil
        guard habit_qr_encode(text, &width, &data) == 0, let data else { return nil }
        defer { habit_qr_free(data) }
        self.width = Int(width)
        modules = (0..<Int(width) * Int(width)).map { data[$0] != 0 }
    }

    /// Why libqrencode could not be loaded; nil when it can.
    static var unavailable: String? {
        habit_qr_load() == 0 ? nil : String(cString: habit_qr_error())
    }

    func isDark(_ row: Int, _ column: Int) -> Bool {
        guard (0..<width).contains(row), (0..<width).contains(column) else { return false }
        return modules[row * width + column]
    }

    /// The code as lines of text, light modules drawn (the terminal's text colour, light on the
    /// usual dark background) and dark ones left blank, with a light quiet zone of `quietZone`
    /// modules around, as scanners need. `colored` sets white on black, for a light terminal too.
    func halfBlocks(quietZone: Int = 4, colored: Bool = false) -> [String] {
        var lines: [String] = []
        let range = -quietZone..<(width + quietZone)
        for top in stride(from: -quietZone, to: width + quietZone, by: 2) {
            var line = colored ? "\u{1B}[97;40m" : ""
            for column in range {
                let upper = !isDark(top, column)
                let lower = top + 1 < width + quietZone ? !isDark(top + 1, column) : false
                switch (upper, lower) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line + (colored ? "\u{1B}[0m" : ""))
        }
        return lines
    }
}
