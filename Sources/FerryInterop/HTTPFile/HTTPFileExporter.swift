import FerryCore
import Foundation

/// Writes requests as one `.http` file that the JetBrains HTTP Client and VS Code REST Client run
/// (`### name`, request line, headers, body; `{{variables}}` as written), and the environments as
/// `http-client.env.json` and, for secret values, `http-client.private.env.json` (values empty
/// unless `reveal`). What the format cannot hold is named in `report`.
public struct HTTPFileExporter {
    /// The boundary of multipart bodies written out by hand.
    static let boundary = "ferry-boundary"

    public var reveal = false
    public private(set) var report = ImportReport()

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The `.http` file: the requests in path order, a `###` line before each.
    public mutating func file(_ collection: ImportedCollection) throws -> String {
        try FlatRequest.all(in: collection, format: ".http files", report: &report).map { block($0.request, place: $0.place) }.joined(
            separator: "\n")
    }

    /// `http-client.env.json`, and `http-client.private.env.json` when a variable is secret (nil otherwise).
    public func environments(_ environments: [ImportedCollection.Environment]) throws -> (shared: Data, secret: Data?) {
        func document(_ secret: Bool) throws -> Data {
            var root: [String: [String: String]] = [:]
            for environment in environments {
                root[environment.name] = Dictionary(
                    environment.variables.filter { $0.isSecret == secret }.map {
                        ($0.name, $0.isSecret && !reveal ? "" : $0.value)
                    }
                ) { $1 }
            }
            return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                + Data("\n".utf8)
        }
        let hasSecrets = environments.contains { $0.variables.contains(where: \.isSecret) }
        return (try document(false), hasSecrets ? try document(true) : nil)
    }

    private mutating func block(_ request: FlatRequest, place: String) -> String {
        var lines = ["### \(request.title)"]
        if !request.options.followRedirects { lines.append("# @no-redirect") }
        var rest = request.options
        rest.followRedirects = true
        rest.defaultHeaders = nil
        if rest != RequestOptions() {
            report.dropped(place, "transfer options (time limits, redirect limit, TLS, HTTP version, rates) have no place in .http files")
        }
        lines.append("\(request.method.rawValue) \(request.urlWithQuery()) HTTP/1.1")
        lines += request.headersWithContentType.map { "\($0.name): \($0.value)" }
        switch request.auth {
        case .basic(let username, let password):
            lines.append("Authorization: Basic \(username)\(username.contains(" ") ? ":" : " ")\(password)")
        case .bearer(let token):
            lines.append("Authorization: Bearer \(token)")
        case .digest(let username, let password):
            lines.append("Authorization: Digest \(username) \(password)")
        case .apiKey(let key) where key.placement == .header:
            lines.append("\(key.name): \(key.value)")
        case .apiKey(let key):
            report.dropped(place, "the API key \(key.name) in the query (add it to the URL)")
        case .awsSigV4:
            report.dropped(place, "AWS Signature V4 credentials: .http files have no signing scheme")
        case .oauth2:
            report.dropped(place, "OAuth 2.0 credentials: .http files fetch no tokens")
        case nil:
            break
        }
        switch request.body {
        case .none:
            break
        case .text(let text):
            lines += ["", text]
        case .bytes(let data):
            report.dropped(place, "a body of \(data.count) bytes that are not text has no place in a .http file")
        case .file(let path):
            lines += ["", "< \(path)"]
            report.approximated(place, "the body file \(path) is read relative to the .http file")
        case .form(let pairs):
            if !request.hasHeader("Content-Type") { lines.append("Content-Type: application/x-www-form-urlencoded") }
            lines += ["", URLQuery.encoded(pairs)]
        case .multipart(let parts):
            if !request.hasHeader("Content-Type") { lines.append("Content-Type: multipart/form-data; boundary=\(Self.boundary)") }
            lines.append("")
            for part in parts {
                lines.append("--\(Self.boundary)")
                var fileName = part.fileName
                if case .file(let path) = part.value, fileName == nil { fileName = (path as NSString).lastPathComponent }
                lines.append("Content-Disposition: form-data; name=\"\(part.name)\"" + (fileName.map { "; filename=\"\($0)\"" } ?? ""))
                if let type = part.contentType { lines.append("Content-Type: \(type)") }
                switch part.value {
                case .text(let text): lines += ["", text]
                case .file(let path): lines += ["", "< \(path)"]
                }
            }
            lines.append("--\(Self.boundary)--")
            report.approximated(place, "the multipart body is written out part by part, file parts as `< path`")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
