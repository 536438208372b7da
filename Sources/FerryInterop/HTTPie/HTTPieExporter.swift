import FerryCore
import Foundation

/// A request description as one HTTPie command (`http`) that sends the same request: method, URL
/// with its query, headers (Ferry's default ones included), credentials (`-a`, `-A bearer`), the
/// body as `--raw` text, a file as `@path`, forms and multipart parts as request items, and the
/// redirect, TLS and time options, quoted for a POSIX shell. Variables are filled in with the
/// resolver's values; secret ones are written back as `{{name}}` unless `reveal`. What HTTPie
/// cannot send is named in `report`.
public struct HTTPieExporter {
    public var reveal: Bool
    public private(set) var report = ImportReport()

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The command, on continued lines (`\`) for reading.
    public mutating func command(
        for description: RequestDescription, place: String, resolver: VariableResolver,
        defaults: FolderDefaults = FolderDefaults(), directory: String
    ) throws -> String {
        guard !description.isGRPC else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "url", problem: "HTTPie cannot make a gRPC call: export it as grpcurl"))
        }
        var probe = description
        probe.body = .none
        let access = FileAccessPolicy.unbounded(directory: directory)  // paths are written into the command; no file is read
        let resolved = try probe.resolved(with: resolver, defaults: defaults, access: access)
        let request = resolved.request
        var lines: [[String]] = [
            ["http", "--ignore-stdin"] + optionWords(request.options, place: place) + Self.itemsFlag(description.body)
        ]
        switch request.authentication {
        case .basic(let username, let password)?: lines.append(["-a", "\(username):\(password)"])
        case .bearer(let token)?: lines.append(["-A", "bearer", "-a", token])
        case .digest(let username, let password)?: lines.append(["-A", "digest", "-a", "\(username):\(password)"])
        case .apiKey(let key)? where key.placement == .header: break  // a header item, below
        case .apiKey(let key)?: report.dropped(place, "the API key \(key.name) in the query (add it to the URL)")
        case nil: break
        case .awsSigV4?: report.dropped(place, "AWS Signature V4 credentials: HTTPie signs no requests without a plugin")
        case .oauth2?: report.dropped(place, "OAuth 2.0 credentials: HTTPie fetches no tokens")
        }
        let (body, contentType) = try description.resolvedBody(
            with: resolver, access: access, contentTypeHeader: request.headers["Content-Type"])
        lines.append(
            try bodyWords(description, resolver: resolver, directory: directory, body: body)
                + [request.method.rawValue, request.url.absoluteString])
        var headers = DefaultHeaders.applied(to: request.headers, all: request.options.defaultHeaders != false)
        if case .apiKey(let key)? = request.authentication, key.placement == .header { headers.add(name: key.name, value: key.value) }
        if let cookies = request.ownCookies {
            headers.add(name: "Cookie", value: cookies)
            report.approximated(place, "the cookies are written as a Cookie header, which HTTPie does not send on to another host")
        }
        // A form's type is written out (HTTPie would add a charset); a multipart type carries HTTPie's own boundary.
        if let contentType, !headers.contains("Content-Type"), Self.itemsFlag(description.body) != ["--multipart"] {
            headers.add(name: "Content-Type", value: contentType)
        }
        // HTTPie types a raw body as JSON; a body Ferry sends without a type goes without one (`Name:` removes a header).
        if case .bytes = body, !headers.contains("Content-Type"), !Self.isItems(description.body) { lines.append(["Content-Type:"]) }
        for field in headers {
            lines.append([field.value.isEmpty ? "\(field.name);" : "\(field.name):\(field.value)"])
        }
        lines += try itemWords(description, resolver: resolver, directory: directory, place: place)
        report.imported(place, "\(request.method.rawValue) \(resolved.redaction.redact(request.url.absoluteString))")
        let reveal = reveal
        let shown = { (word: String) in ShellQuoting.quote(reveal ? word : resolved.redaction.redact(word)) }
        return lines.map { $0.map(shown).joined(separator: " ") }.joined(separator: " \\\n  ")
    }

    /// `--raw TEXT` or `@file`, before the method; forms and multipart bodies are items instead.
    private func bodyWords(
        _ description: RequestDescription, resolver: VariableResolver, directory: String, body: RequestBody
    ) throws -> [String] {
        switch description.body {
        case .none, .form, .multipart, .grpc:
            return []
        case .file(let path, _):
            return ["@" + CollectionPath.absolute(try resolver.render(path, place: "body file"), in: directory)]
        case .raw, .bytes, .json, .plist, .graphql:
            guard case .bytes(let data) = body else { return [] }
            return ["--raw", String(decoding: data, as: UTF8.self)]
        }
    }

    /// Form fields (`name=value`) and multipart parts (`name=value`, `name@path;type=…`), after the headers.
    private mutating func itemWords(
        _ description: RequestDescription, resolver: VariableResolver, directory: String, place: String
    ) throws -> [[String]] {
        switch description.body {
        case .form(let value):
            let pairs = description.parameterStyle.query.pairs(key: nil, value: try resolver.render(value, place: "body"))
            return pairs.flatMap { pair in (pair.values ?? [""]).map { ["\(pair.field)=\($0)"] } }
        case .multipart(let parts):
            var words: [[String]] = []
            for part in parts {
                switch part.value {
                case .text(let text):
                    words.append(["\(part.name)=\(try resolver.render(text, place: "part \(part.name)"))"])
                    if part.contentType != nil || part.fileName != nil {
                        report.dropped(place, "HTTPie sends the text part \(part.name) without its type and file name")
                    }
                case .file(let path):
                    let absolute = CollectionPath.absolute(try resolver.render(path, place: "part \(part.name)"), in: directory)
                    words.append(["\(part.name)@\(absolute)" + (part.contentType.map { ";type=\($0)" } ?? "")])
                    if part.fileName != nil { report.dropped(place, "HTTPie names the file part \(part.name) after its file") }
                }
            }
            return words
        default:
            return []
        }
    }

    private mutating func optionWords(_ options: RequestOptions, place: String) -> [String] {
        var words: [String] = []
        if options.followRedirects { words += ["--follow", "--max-redirects", String(options.maxRedirects)] }
        if !options.tls.verifyPeer { words.append("--verify=no") } else if let ca = options.tls.caFile { words.append("--verify=\(ca)") }
        if let seconds = options.totalTimeout ?? options.connectTimeout { words += ["--timeout", String(seconds)] }
        if options.httpVersion == .http2 { report.dropped(place, "HTTPie speaks HTTP/1.1 only") }
        if options.tls.pinnedPublicKey != nil || options.maxUploadRate != nil || options.maxDownloadRate != nil {
            report.dropped(place, "HTTPie has no pinned public keys or rate limits")
        }
        return words
    }

    private static func isItems(_ body: RequestDescription.Body) -> Bool { !itemsFlag(body).isEmpty }

    /// `--form` or `--multipart` for bodies sent as request items; nothing for others.
    private static func itemsFlag(_ body: RequestDescription.Body) -> [String] {
        switch body {
        case .form: ["--form"]
        case .multipart: ["--multipart"]
        default: []
        }
    }
}
