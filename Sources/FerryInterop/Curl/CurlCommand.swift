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
    /// Options curl has that Ferry does not know, as written.
    var unknown: [String] = []
    /// An option that needed a value and was last on the line.
    var missingValue: String?

    /// Reads the words after `curl`.
    init(arguments: [String]) {
        var index = 0
        var optionsEnded = false
        func next() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let word = arguments[index]
            defer { index += 1 }
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                urls.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2))
                guard let option = CurlOption.long(name) else {
                    unknown.append(word)
                    continue
                }
                guard option.takesValue else {
                    settings.append(Setting(option: option, value: nil, spelling: word))
                    continue
                }
                guard let value = next() else {
                    missingValue = word
                    continue
                }
                settings.append(Setting(option: option, value: value, spelling: word))
                continue
            }
            // A cluster of single letters: `-sSL`, or `-XPOST` where the rest is the value.
            var letters = Array(word.dropFirst())
            while !letters.isEmpty {
                let letter = letters.removeFirst()
                guard let option = CurlOption.short(letter) else {
                    unknown.append("-\(letter)")
                    continue
                }
                guard option.takesValue else {
                    settings.append(Setting(option: option, value: nil, spelling: "-\(letter)"))
                    continue
                }
                if !letters.isEmpty {
                    settings.append(Setting(option: option, value: String(letters), spelling: "-\(letter)"))
                } else if let value = next() {
                    settings.append(Setting(option: option, value: value, spelling: "-\(letter)"))
                } else {
                    missingValue = "-\(letter)"
                }
                letters = []
            }
        }
    }

    /// The values given for `option`, in order.
    func values(_ option: CurlOption) -> [String] { settings.filter { $0.option == option }.compactMap(\.value) }

    /// True when the switch or option was given.
    func has(_ option: CurlOption) -> Bool { settings.contains { $0.option == option } }
}
