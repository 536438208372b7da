import FerryCore

/// Which client sends a load: Ferry's own HTTP/1.1 client (`ferry`), built for loads and about three
/// times cheaper per request than libcurl 7.88 (Benchmarks/README.md, "Load"), or libcurl's multi
/// interface (`curl`) for what the own client does not do. Pure: chosen from the requests.
public enum LoadEngine: String, Sendable, Codable, CaseIterable {
    case ferry
    case curl

    /// The engine for `requests`: `forced` when given, else `ferry` when every request is plain
    /// HTTP/1.1 it can send, else `curl`; with the reason, for the summary.
    public static func choose(
        for requests: [Request], forced: LoadEngine?, environment: [String: String]
    ) -> (
        engine: LoadEngine, reason: String
    ) {
        if let forced { return (forced, "--engine \(forced.rawValue)") }
        for request in requests {
            if let reason = needsCurl(request, environment: environment) { return (.curl, reason) }
        }
        return (.ferry, "plain HTTP/1.1")
    }

    /// Why libcurl must send `request`, or nil when the own client can.
    static func needsCurl(_ request: Request, environment: [String: String]) -> String? {
        let options = request.options
        if request.url.scheme?.lowercased() != "http" { return "\(request.url.scheme ?? "") needs TLS" }
        if options.httpVersion != .automatic && options.httpVersion != .http1_1 { return "HTTP/2" }
        if options.unixSocket != nil { return "--unix-socket" }
        if options.proxy != nil || proxyFromEnvironment(environment) { return "a proxy" }
        if options.maxUploadRate != nil || options.maxDownloadRate != nil { return "a rate limit" }
        switch request.authentication {
        case .digest: return "digest authentication"
        case .awsSigV4: return "AWS signatures"
        case .oauth2: return "OAuth 2"
        default: break
        }
        for name in ["Transfer-Encoding", "Expect", "Accept-Encoding", "TE"] where !(request.headers[name] ?? "").isEmpty {
            return "a \(name) header"
        }
        return nil
    }

    /// libcurl sends plain-HTTP requests through `http_proxy` or `all_proxy` when set.
    private static func proxyFromEnvironment(_ environment: [String: String]) -> Bool {
        ["http_proxy", "all_proxy", "ALL_PROXY"].contains { !(environment[$0] ?? "").isEmpty }
    }
}
