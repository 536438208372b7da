import FerryCore
import Foundation

/// A request as the `.http`, Hurl and Insomnia exporters write it: one absolute URL (the folder's
/// base URL applied, `params` kept apart as query pairs), the headers it sends (the folder's
/// included, disabled ones left out), its credentials and a body, `{{variables}}` as written.
/// What cannot be carried this way is noted in `report`.
struct FlatRequest {
    /// What follows the headers.
    enum Body {
        case none
        /// Text.
        case text(String)
        /// Bytes that are not UTF-8 text.
        case bytes(Data)
        /// A file read when sent (relative to the collection).
        case file(String)
        /// `application/x-www-form-urlencoded` pairs, not yet encoded.
        case form([(String, String)])
        case multipart([RequestDescription.MultipartPart])
    }

    var title: String
    var method: HTTPMethod
    /// Without the query.
    var url: String
    /// The query pairs, not yet encoded.
    var query: [(String, String)]
    /// The headers the request sets (enabled ones, the folder's first).
    var headers: [HTTPHeader]
    /// The request's own cookies (`cookies:`), for Hurl (`[Cookies]`); the other formats get them as
    /// a `Cookie` header in `headers`.
    var cookies: [RequestDescription.CookieEntry] = []
    /// Where the body is written (`output:`) and the pause before it is sent (`delay:`), for Hurl
    /// (`[Options]`); the other formats drop them.
    var output: String?
    var delay: Int?
    /// The body's own Content-Type, when the headers do not set one.
    var contentType: String?
    var auth: Authentication?
    var body: Body
    var options: RequestOptions
    /// The request's `expect:` and `capture:`, for formats that check responses (Hurl).
    var checks: ResponseChecks
    /// The request's `retry:`, for formats that retry (Hurl).
    var retry: RetryPolicy?

    /// `request` flattened with the defaults of its folder; `format` names the target in notes.
    init(
        _ request: ImportedCollection.Request, defaults: FolderDefaults, format: String, hurl: Bool = false,
        report: inout ImportReport
    ) throws {
        let description = request.description
        let place = request.path
        title = description.name ?? String((request.path as NSString).lastPathComponent.dropLast(RequestFileName.suffix.count))
        checks = description.checks
        retry = description.retry
        method = description.graphQL == nil ? description.method : .post
        url = description.url
        if let base = defaults.baseURL, !url.contains("://") {
            url = (base.hasSuffix("/") ? String(base.dropLast()) : base) + (url.hasPrefix("/") || url.isEmpty ? url : "/" + url)
            report.approximated(place, "the folder's base URL is written into the URL")
        }
        query =
            description.params.map { params in
                description.parameterStyle.query.pairs(key: nil, value: params).flatMap { pair in
                    (pair.values ?? [""]).map { (pair.field, $0) }
                }
            } ?? []
        let own = Set(description.headers.map { $0.name.lowercased() })
        let inherited = defaults.headers.filter { !own.contains($0.name.lowercased()) && $0.enabled }
        if !inherited.isEmpty {
            report.approximated(
                place, "the folder's headers (\(inherited.map(\.name).joined(separator: ", "))) are written into the request")
        }
        if let disabled = description.disabledParams, case .object(let members) = disabled {
            report.dropped(place, "the disabled parameters (\(members.map(\.key).joined(separator: ", "))) have no place in \(format)")
        }
        for header in description.headers where !header.enabled {
            report.dropped(place, "the disabled header \(header.name) has no place in \(format)")
        }
        headers = (inherited + description.headers).filter(\.enabled).map { HTTPHeader(name: $0.name, value: $0.value) }
        if hurl {
            cookies = description.cookies
            output = description.output
            delay = description.delay
        } else {
            if !description.cookies.isEmpty {
                headers.append(HTTPHeader(name: "Cookie", value: RequestDescription.CookieEntry.field(description.cookies)))
                report.approximated(
                    place, "the cookies are written as a Cookie header, which is not sent on to another host after a redirect")
            }
            if let output = description.output { report.dropped(place, "options.output \(output) has no place in \(format)") }
            if let delay = description.delay { report.dropped(place, "options.delay \(delay) has no place in \(format)") }
        }
        auth = description.auth
        options = description.options
        body = .none
        body = try flatBody(description, place: place, format: format, report: &report)
        if description.expectations != nil { report.dropped(place, "response expectations are not exported to \(format)") }
        if !description.examples.isEmpty { report.dropped(place, "saved examples are not exported to \(format)") }
    }

    /// The requests of `collection` in path order, each flattened with its folder's defaults and
    /// noted in `report` as exported, with its path.
    static func all(
        in collection: ImportedCollection, format: String, hurl: Bool = false, report: inout ImportReport
    ) throws -> [(request: FlatRequest, place: String)] {
        try collection.requests.sorted { $0.path < $1.path }.map { request in
            let flat = try FlatRequest(
                request, defaults: collection.defaults(forFolder: (request.path as NSString).deletingLastPathComponent),
                format: format, hurl: hurl, report: &report)
            report.imported(request.path, "\(flat.method.rawValue) \(flat.url)")
            return (flat, request.path)
        }
    }

    /// True when the request names a header (case aside).
    func hasHeader(_ name: String) -> Bool {
        headers.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The headers with the body's own Content-Type added, for formats that write it as a header.
    var headersWithContentType: [HTTPHeader] {
        headers + (contentType.map { [HTTPHeader(name: "Content-Type", value: $0)] } ?? [])
    }

    /// The URL with its query encoded as Ferry sends it, `{{variables}}` kept.
    func urlWithQuery() -> String {
        guard !query.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + URLQuery.encoded(query)
    }

    private mutating func flatBody(
        _ description: RequestDescription, place: String, format: String, report: inout ImportReport
    ) throws -> Body {
        switch description.body {
        case .none:
            return .none
        case .raw(let text, let type):
            setContentType(type)
            return .text(text)
        case .bytes(let data, let type):
            setContentType(type)
            return String(data: data, encoding: .utf8).map(Body.text) ?? .bytes(data)
        case .json(let value):
            setContentType("application/json")
            report.approximated(place, "the JSON body is written as the JSON text Ferry sends")
            return .text(
                String(decoding: try JSONRequestSerializer(pretty: description.parameterStyle.prettyJSON).serialize(value), as: UTF8.self))
        case .plist(let value):
            setContentType("application/x-plist")
            report.approximated(place, "the property-list body is written as XML text")
            return .text(String(decoding: try PropertyListRequestSerializer(format: .xml).serialize(value), as: UTF8.self))
        case .form(let value):
            return .form(
                description.parameterStyle.query.pairs(key: nil, value: value).flatMap { pair in
                    (pair.values ?? [""]).map { (pair.field, $0) }
                })
        case .multipart(let parts):
            return .multipart(parts)
        case .file(let path, let type):
            setContentType(type)
            return .file(path)
        case .graphql(let graphQL):
            setContentType("application/json")
            report.approximated(
                place,
                "the GraphQL body is written as the JSON POST body Ferry sends"
                    + (graphQL.usesGET ? " (Ferry sends this one as a GET with the query in the URL)" : ""))
            return .text(String(decoding: try graphQL.jsonBody(with: .literal), as: UTF8.self))
        case .grpc(let grpc):
            report.approximated(place, "the gRPC call's messages are written as the JSON list Ferry encodes (\(format) has no gRPC)")
            return .text(String(decoding: try JSONRequestSerializer(pretty: false).serialize(.array(grpc.messages)), as: UTF8.self))
        }
    }

    private mutating func setContentType(_ type: String?) {
        guard let type, !hasHeader("Content-Type") else { return }
        contentType = type
    }
}
