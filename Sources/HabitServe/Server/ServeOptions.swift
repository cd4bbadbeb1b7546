/// What `habit-serve` was asked to do, parsed from its arguments (`habit serve` passes them on).
struct ServeOptions: Equatable, Sendable {
    var directory: String?
    var listen = ListenAddress(host: "127.0.0.1", port: 8023)
    /// Seconds between background syncs; nil: none.
    var syncEvery: Int?
    var allowedHosts: [String] = []
    var authentication = true
    var newToken = false
    /// Who runs this server, for push services (RFC 8292's `sub`): a `mailto:` or `https:` URL.
    var pushContact: String?
    /// Send the push reminders due now and exit (what `habit remind run` starts), serving nothing.
    var pushDue = false

    struct Problem: Error, Equatable {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(Problem) -> ServeOptions {
        var options = ServeOptions()
        var index = 0
        func value(_ name: String) throws(Problem) -> String {
            index += 1
            guard index < arguments.count else { throw Problem(message: "\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--dir": options.directory = try value(argument)
            case "--listen":
                let text = try value(argument)
                guard let address = ListenAddress(text) else {
                    throw Problem(message: "--listen takes ADDRESS:PORT, such as 127.0.0.1:8023 or 0.0.0.0:8023, not “\(text)”")
                }
                options.listen = address
            case "--sync-every":
                let text = try value(argument)
                guard let seconds = Self.seconds(text), seconds >= 60 else {
                    throw Problem(message: "--sync-every takes a duration of a minute or more, such as 15m, 1h or 90s, not “\(text)”")
                }
                options.syncEvery = seconds
            case "--allow-host":
                let name = try value(argument).lowercased()
                guard !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E }) else {
                    throw Problem(message: "--allow-host takes a host name such as myhost.local")
                }
                options.allowedHosts.append(name)
            case "--no-auth": options.authentication = false
            case "--new-token": options.newToken = true
            case "--push-contact":
                let text = try value(argument)
                guard (text.hasPrefix("mailto:") && text.count > 7) || text.hasPrefix("https://"), !text.contains(where: \.isWhitespace) else {
                    throw Problem(message: "--push-contact takes a mailto: or https: URL, such as mailto:you@example.org, not “\(text)”")
                }
                options.pushContact = text
            case "--push-due": options.pushDue = true
            default: throw Problem(message: "unknown argument “\(argument)”")
            }
            index += 1
        }
        return options
    }

    /// "15m", "1h", "90s", "2h30m" as seconds.
    static func seconds(_ text: String) -> Int? {
        var total = 0
        var number = ""
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), value < 1_000_000 else { return nil }
            switch character {
            case "s": total += value
            case "m": total += value * 60
            case "h": total += value * 3600
            default: return nil
            }
            number = ""
        }
        guard number.isEmpty, total > 0 else { return nil }
        return total
    }
}
