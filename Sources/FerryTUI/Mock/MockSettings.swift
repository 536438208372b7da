/// How the TUI's mock serves, read from its form: the port and `ferry mock`'s modes — stored
/// resources, request validation, the history's answers, and forwarding what nothing answers to a
/// real server (its answers saved as examples when asked).
public struct MockSettings: Hashable, Sendable, CustomStringConvertible {
    public var port: Int
    public var stateful = false
    public var validatesRequests = false
    /// Also serve the history: nil, no; empty, every run's exchanges; else this run's.
    public var historyRun: String?
    /// Where a request nothing answers goes (a base URL), recorded in the history.
    public var upstream: String?
    /// Save each upstream answer in the request file it fits.
    public var intoExamples = false

    public init(port: Int) { self.port = port }

    /// The settings the mock form holds, or why they cannot be had (the field named).
    public static func read(_ form: InputForm) -> Result<MockSettings, LoadSettings.Problem> {
        guard let port = Int(form.value("Port")), (0...65535).contains(port) else {
            return .failure(LoadSettings.Problem("Port: 0 to 65535"))
        }
        var settings = MockSettings(port: port)
        for (label, keyPath) in [("Stateful", \MockSettings.stateful), ("Validate", \.validatesRequests), ("Examples", \.intoExamples)] {
            guard let on = yes(form.value(label)) else { return .failure(LoadSettings.Problem("\(label): y or n")) }
            settings[keyPath: keyPath] = on
        }
        let history = form.value("History")
        if let on = yes(history) {
            settings.historyRun = on ? "" : nil
        } else {
            settings.historyRun = history
        }
        let upstream = form.value("Record")
        if !upstream.isEmpty {
            guard upstream.hasPrefix("http://") || upstream.hasPrefix("https://") else {
                return .failure(LoadSettings.Problem("Record: a base URL, http:// or https://"))
            }
            settings.upstream = upstream
        }
        guard !settings.intoExamples || settings.upstream != nil else {
            return .failure(LoadSettings.Problem("Examples: saves what Record forwards; give a Record URL"))
        }
        return .success(settings)
    }

    /// True for y, yes, on, true and 1; false for n, no, off, false, 0 and nothing; nil otherwise.
    private static func yes(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "y", "yes", "on", "true", "1": true
        case "", "n", "no", "off", "false", "0": false
        default: nil
        }
    }

    /// The modes on, in words (`stateful`, `validating`, `history`, `recording → URL`, `saving examples`).
    public var modes: [String] {
        var modes: [String] = []
        if stateful { modes.append("stateful") }
        if validatesRequests { modes.append("validating") }
        if let historyRun { modes.append(historyRun.isEmpty ? "history" : "history of \(historyRun)") }
        if let upstream { modes.append("recording → \(upstream)") }
        if intoExamples { modes.append("saving examples") }
        return modes
    }

    /// As `ferry mock` would be given them: `--port 0 --stateful --record https://…`.
    public var description: String {
        var flags = ["--port \(port)"]
        if stateful { flags.append("--stateful") }
        if validatesRequests { flags.append("--validate") }
        if let historyRun { flags.append(historyRun.isEmpty ? "--from-history" : "--from-history --run \(historyRun)") }
        if let upstream { flags.append("--record \(upstream)") }
        if intoExamples { flags.append("--into-examples") }
        return flags.joined(separator: " ")
    }
}
