/// A device's name from its browser's `User-Agent`: "Chrome on Android", "Safari on iPhone",
/// "Firefox on Linux", so that `habit serve --devices` tells the phone from the laptop.
enum DeviceName {
    static func from(userAgent: String?) -> String {
        let agent = userAgent ?? ""
        func has(_ part: String) -> Bool { agent.contains(part) }
        let browser: String
        if has("Firefox/") || has("FxiOS/") { browser = "Firefox" }
        else if has("Edg/") || has("EdgA/") || has("EdgiOS/") { browser = "Edge" }
        else if has("OPR/") { browser = "Opera" }
        else if has("SamsungBrowser/") { browser = "Samsung Internet" }
        else if has("Chrome/") || has("CriOS/") || has("Chromium/") { browser = "Chrome" }
        else if has("Safari/") { browser = "Safari" }
        else if has("curl/") { browser = "curl" }
        else if has("Python-urllib/") || has("python-requests/") { browser = "Python" }
        else { browser = "Browser" }
        let system: String?
        if has("Android") { system = "Android" }
        else if has("iPhone") { system = "iPhone" }
        else if has("iPad") { system = "iPad" }
        else if has("CrOS") { system = "ChromeOS" }
        else if has("Windows") { system = "Windows" }
        else if has("Macintosh") || has("Mac OS X") { system = "Mac" }
        else if has("Linux") { system = "Linux" }
        else { system = nil }
        return system.map { "\(browser) on \($0)" } ?? browser
    }
}
