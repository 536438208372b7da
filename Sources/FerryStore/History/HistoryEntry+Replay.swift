import FerryCore
import Foundation

/// A recorded exchange's request as a description: what the TUI shows and what a replay sends,
/// with one set of rules for `ferry history replay` and the TUI's replay key.
extension HistoryEntry {
    /// The request as it was recorded: method, URL, headers, body bytes and transfer options.
    public var recordedDescription: RequestDescription {
        var description = RequestDescription(method: HTTPMethod(method), url: url)
        description.headers = requestHeaders.map { RequestDescription.HeaderEntry(name: $0.name, value: $0.value) }
        description.body = requestBody.map { .bytes($0, contentType: nil) } ?? .none
        description.options = options
        return description
    }

    /// The recorded request, ready to send again; refused when recording lost part of it (a capped
    /// body, secrets replaced by `{{name}}`) or its URL does not parse.
    public func replayDescription() throws -> RequestDescription {
        let entryID = id ?? 0
        guard !requestBodyTruncated else {
            throw HistoryError.notReplayable(id: entryID, problem: "its body was capped at \(requestBody?.count ?? 0) bytes when recorded")
        }
        if redacted,
            url.contains("{{") || requestHeaders.contains(where: { $0.value.contains("{{") })
                || requestBody.map({ String(decoding: $0, as: UTF8.self).contains("{{") }) == true
        {
            throw HistoryError.notReplayable(
                id: entryID,
                problem: "secrets were replaced by {{name}} when it was recorded; send it again from its collection" + resendHint)
        }
        do {
            _ = try Request.parseURL(url)
        } catch {
            throw HistoryError.notReplayable(id: entryID, problem: "its URL `\(url)` is not valid")
        }
        return recordedDescription
    }

    /// The entry's URL moved to `baseURL`'s scheme, host and port, when the request went to a demo
    /// server on this machine (its answer says `Server: ferry-demo`) at another address: `ferry demo`
    /// starts its server on a new port each time, so yesterday's address refuses the connection. Nil
    /// when the entry went elsewhere, is already there, or either URL does not parse.
    public func urlOnDemoServer(at baseURL: String) -> String? {
        let loopback: Set<String> = ["127.0.0.1", "localhost", "::1", "[::1]"]
        guard responseHeaders.contains(where: { $0.name.lowercased() == "server" && $0.value == "ferry-demo" }),
            var recorded = URLComponents(string: url), let host = recorded.host, loopback.contains(host),
            let base = URLComponents(string: baseURL), base.host != nil,
            (base.scheme, base.host, base.port) != (recorded.scheme, recorded.host, recorded.port)
        else { return nil }
        recorded.scheme = base.scheme
        recorded.host = base.host
        recorded.port = base.port
        return recorded.string
    }

    /// The `ferry send` command that sends the entry's request file again, when it came from one.
    private var resendHint: String {
        guard let collection, let requestPath else { return "" }
        let file = (collection as NSString).appendingPathComponent(requestPath)
        return ": ferry send '\(file)'" + (environment.map { " --env '\($0)'" } ?? "")
    }
}
