/// One curl command's words read as curl reads them: options (long, short, clustered `-sSL`,
/// with attached values `-XPOST`) in order, and the URLs. Unknown options are kept to be reported.
struct CurlCommand {
    /// An option with its value (nil for a switch), in command-line order.
    struct Setting {
        var option: CurlOption
        var value: String?
        /// As written (`-d`, `--data-raw`), for the report.
        var spelling: String
    }

    var settings: [Setting] = []
    var urls: [String] = []
    /// Options of curl that Ferry does not act on, as written with their values (`--capath /etc/ssl`).
    var ignored: [String] = []
    /// Options curl 7.88 does not have either, as written.
    var unknown: [String] = []
    /// An option that needed a value and was last on the line.
    var missingValue: String?

    /// Reads the words after `curl`.
    init(arguments: [String]) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                urls.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word.hasPrefix("--") {
                read(name: String(word.dropFirst(2)), spelling: word, attached: nil, arguments: arguments, index: &index)
            } else {
                // A cluster of single letters: `-sSL`, or `-XPOST` where the rest is the value.
                var letters = Substring(word.dropFirst())
                while let letter = letters.first {
                    letters = letters.dropFirst()
                    guard let name = CurlOptionTable.shortNames[letter] else {
                        unknown.append("-\(letter)")
                        continue
                    }
                    let takesValue = CurlOptionTable.longWithValue.contains(name)
                    read(
                        name: name, spelling: "-\(letter)", attached: takesValue && !letters.isEmpty ? String(letters) : nil,
                        arguments: arguments, index: &index)
                    if takesValue { letters = "" }
                }
            }
        }
    }

    /// Records one option, taking its value from `attached` or the next word.
    private mutating func read(name: String, spelling: String, attached: String?, arguments: [String], index: inout Int) {
        let takesValue = CurlOptionTable.longWithValue.contains(name)
        var value = attached
        if takesValue, value == nil {
            guard index < arguments.count else {
                missingValue = spelling
                return
            }
            value = arguments[index]
            index += 1
        }
        if let option = CurlOption(rawValue: name) {
            settings.append(Setting(option: option, value: value, spelling: spelling))
        } else if takesValue || CurlOptionTable.longSwitches.contains(name)
            || name.hasPrefix("no-") && CurlOptionTable.longSwitches.contains(String(name.dropFirst(3)))
        {
            ignored.append([spelling, value].compactMap { $0 }.joined(separator: " "))
        } else {
            unknown.append(spelling)
        }
    }

    /// The values given for `option`, in order.
    func values(_ option: CurlOption) -> [String] { settings.filter { $0.option == option }.compactMap(\.value) }

    /// True when the switch or option was given.
    func has(_ option: CurlOption) -> Bool { settings.contains { $0.option == option } }
}
