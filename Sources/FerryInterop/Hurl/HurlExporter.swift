import FerryCore
import Foundation

/// Writes requests as a Hurl file (an entry per request, `# name` above it, the query in
/// `[QueryStringParams]`, cookies in `[Cookies]`, forms in `[FormParams]`, multipart bodies in
/// `[MultipartFormData]`, basic credentials in `[BasicAuth]`, redirects and TLS in `[Options]`) and environments as Hurl
/// variables files (`name=value` lines for `hurl --variables-file`). `{{variables}}` stay as
/// written; secret values are left out unless `reveal`. What Hurl cannot hold is named in `report`.
public struct HurlExporter {
    public var reveal = false
    public private(set) var report = ImportReport()

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The Hurl file: the requests in path order, a blank line between entries.
    public mutating func file(_ collection: ImportedCollection) throws -> String {
        try FlatRequest.all(in: collection, format: "Hurl", hurl: true, report: &report).map { entry($0.request, place: $0.place) }.joined(
            separator: "\n")
    }

    /// A variables file for `hurl --variables-file`: `name=value` lines; a secret's line only with `reveal`.
    public mutating func variables(_ environment: ImportedCollection.Environment) -> String {
        var lines: [String] = []
        for variable in environment.variables {
            if variable.isSecret, !reveal {
                report.dropped(
                    "environments/\(environment.name)",
                    "the secret \(variable.name) is not written: pass it with hurl --secret \(variable.name)=…")
                continue
            }
            lines.append("\(variable.name)=\(variable.value)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private mutating func entry(_ request: FlatRequest, place: String) -> String {
        var lines = ["# \(request.title.replacingOccurrences(of: "\n", with: " "))", "\(request.method.rawValue) \(request.url)"]
        lines += request.headersWithContentType.map { "\(HurlText.escaped($0.name, key: true)): \(HurlText.escaped($0.value))" }
        if case .bearer(let token) = request.auth { lines.append("Authorization: Bearer \(HurlText.escaped(token))") }
        if !request.query.isEmpty {
            lines.append("[QueryStringParams]")
            lines += request.query.map { "\(HurlText.escaped($0.0, key: true)): \(HurlText.escaped($0.1))" }
        }
        if !request.cookies.isEmpty {
            lines.append("[Cookies]")
            lines += request.cookies.map { "\(HurlText.escaped($0.name, key: true)): \(HurlText.escaped($0.value))" }
        }
        if case .basic(let username, let password) = request.auth {
            lines += ["[BasicAuth]", "\(HurlText.escaped(username, key: true)): \(HurlText.escaped(password))"]
        }
        switch request.body {
        case .form(let pairs):
            lines.append("[FormParams]")
            lines += pairs.map { "\(HurlText.escaped($0.0, key: true)): \(HurlText.escaped($0.1))" }
        case .multipart(let parts):
            lines.append("[MultipartFormData]")
            for part in parts {
                switch part.value {
                case .text(let text):
                    lines.append("\(HurlText.escaped(part.name, key: true)): \(HurlText.escaped(text))")
                    if part.contentType != nil || part.fileName != nil {
                        report.dropped(place, "the type and file name of the text part \(part.name) have no place in Hurl")
                    }
                case .file(let path):
                    lines.append("\(HurlText.escaped(part.name, key: true)): file,\(path);" + (part.contentType.map { " \($0)" } ?? ""))
                    if part.fileName != nil { report.dropped(place, "the file name of the part \(part.name) has no place in Hurl") }
                }
            }
        default:
            break
        }
        lines += options(request, place: place)
        if let body = body(request, place: place) { lines.append(body) }
        lines += response(request.checks, place: place)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The response part: the status line (`HTTP 200`, or `HTTP *`), `[Asserts]` and `[Captures]`;
    /// checks Hurl cannot write are named in the report.
    private mutating func response(_ checks: ResponseChecks, place: String) -> [String] {
        guard !checks.isEmpty else { return [] }
        var assertions = checks.assertions
        var status = "HTTP *"
        if case .compare(.equal, .number(let code))? = assertions.first?.predicate, assertions.first?.subject == .status {
            status = "HTTP \(code)"
            assertions.removeFirst()
        }
        var lines = ["", status]
        // JSON equal to a document (an imported expected body) is written back as the expected body.
        var expectedBody: String?
        if let index = assertions.lastIndex(where: { $0.subject == .body(path: "$") && $0.filters.isEmpty }),
            case .compare(.equal, let value) = assertions[index].predicate, Self.isContainer(value),
            let data = try? JSONRequestSerializer(pretty: true).serialize(value)
        {
            expectedBody = String(decoding: data, as: UTF8.self)
            assertions.remove(at: index)
        }
        let asserts = assertions.compactMap { assertion -> String? in
            guard let line = HurlCheck.text(of: assertion) else {
                report.dropped(place, "the assertion `\(assertion.text)` has no Hurl form")
                return nil
            }
            return line
        }
        if !asserts.isEmpty { lines += ["[Asserts]"] + asserts }
        if !checks.captures.isEmpty {
            lines.append("[Captures]")
            for capture in checks.captures {
                lines.append(HurlCheck.text(of: capture))
                if capture.secret { report.dropped(place, "the capture \(capture.name) is secret in Ferry; Hurl prints it") }
            }
        }
        if let expectedBody { lines.append(expectedBody) }
        return lines
    }

    private static func isContainer(_ value: Parameters) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }

    /// `[Options]`: Hurl follows redirects only with `location: true`.
    private mutating func options(_ request: FlatRequest, place: String) -> [String] {
        let options = request.options
        var lines: [String] = []
        if let output = request.output { lines.append("output: \(HurlText.escaped(output))") }
        if let delay = request.delay { lines.append("delay: \(delay)ms") }
        if options.followRedirects {
            lines += [
                options.keepsCredentialsOnRedirect == true ? "location-trusted: true" : "location: true",
                "max-redirs: \(options.maxRedirects)",
            ]
        }
        if let retry = request.retry { lines += ["retry: \(retry.count)", "retry-interval: \(retry.interval)ms"] }
        if !options.tls.verifyPeer { lines.append("insecure: true") }
        switch options.httpVersion {
        case .http1_1: lines.append("http1.1: true")
        case .http2: lines.append("http2: true")
        default: break
        }
        var rest = options
        rest.followRedirects = RequestOptions().followRedirects
        rest.maxRedirects = RequestOptions().maxRedirects
        rest.tls.verifyPeer = true
        rest.defaultHeaders = nil
        rest.decompress = RequestOptions().decompress  // whether it asks for compression is Hurl's to say (`--compressed`)
        if options.followRedirects { rest.keepsCredentialsOnRedirect = nil }
        if [.http1_1, .http2].contains(rest.httpVersion) { rest.httpVersion = .automatic }
        if rest != RequestOptions() {
            report.dropped(place, "time limits, TLS files, rates and other transfer options are not exported to Hurl")
        }
        return lines.isEmpty ? [] : ["[Options]"] + lines
    }

    /// The body after the sections: JSON as written, a one-line or multiline string, `file,…;` or `base64,…;`.
    private mutating func body(_ request: FlatRequest, place: String) -> String? {
        switch request.body {
        case .none, .form, .multipart:
            return nil
        case .text(let text):
            let isJSON = request.headersWithContentType.contains {
                $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame && $0.value.contains("json")
            }
            if isJSON, text.first == "{" || text.first == "[", !text.hasSuffix("\n"),
                (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil
            {
                return text  // a JSON body, which Hurl sends as written
            }
            if !text.contains("\n") {
                return "`" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "`", with: "\\`") + "`"
            }
            if text.contains("```") {
                report.approximated(place, "the body holds ``` and is written as base64, whose {{variables}} Hurl does not fill in")
                return "base64,\(Data(text.utf8).base64EncodedString());"
            }
            if !text.hasSuffix("\n") { report.approximated(place, "the body is written as a multiline string, which ends with a newline") }
            return "```\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "```"  // Hurl applies no escapes in it
        case .bytes(let data):
            return "base64,\(data.base64EncodedString());"
        case .file(let path):
            report.approximated(place, "the body file \(path) is read relative to the Hurl file")
            return "file,\(path);"
        }
    }
}
