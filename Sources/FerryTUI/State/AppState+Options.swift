import FerryCore

extension AppState {
    /// The proxy, Unix socket and client certificate the request inherits: its environment's
    /// `$options:` under its folders'.
    public var inheritedConnection: ConnectionSettings {
        editor.source.defaults.under(environment: collection.connection).connection
    }

    /// The settings that can make a transfer fail and differ from Ferry's defaults, grouped by where
    /// they were set, for the status line when a request fails: `sent through proxy
    /// http://127.0.0.1:9 (set by “pasted curl command”); Options tab`; nil when all are defaults.
    public var transportSettingsInForce: String? {
        let fresh = RequestEditor()
        let loaded = RequestEditor(loading: editor.source)
        let inherited = inheritedConnection
        let sourceName = collection.openRequest?.path ?? (editor.source.title.isEmpty ? "you" : "“\(editor.source.title)”")
        var groups: [(origin: String, settings: [String])] = []
        for row in Self.namedOnFailure {
            let own = row.connectionPath.map { editor.connection[keyPath: $0] }
            let value = own.flatMap { $0 } ?? row.connectionPath.flatMap { inherited[keyPath: $0] } ?? row.value(in: editor)
            guard value != row.value(in: fresh) else { continue }
            let inheritedOrigin = collection.environment.map { "the environment \($0)" } ?? "the folder defaults"
            let origin = own == .some(nil) ? inheritedOrigin : value == row.value(in: loaded) ? sourceName : "you"
            let setting = row.label.lowercased() + " " + value
            if let index = groups.firstIndex(where: { $0.origin == origin }) {
                groups[index].settings.append(setting)
            } else {
                groups.append((origin, [setting]))
            }
        }
        guard !groups.isEmpty else { return nil }
        let named = groups.map { "\($0.settings.joined(separator: ", ")) (set by \($0.origin))" }
        return "sent with " + named.joined(separator: "; ") + "; Options tab"
    }

    /// The Options tab's rows that decide whether a transfer gets through.
    private static let namedOnFailure: [OptionRow] = [
        .proxy, .noProxy, .unixSocket, .verifyTLS, .caFile, .clientCertificate, .clientKey, .httpVersion, .timeout, .connectTimeout,
        .uploadRate, .downloadRate,
    ]
}
