import Foundation

/// Where and how parameters go into a request, as AFNetworking's request serializers decide it:
/// methods in `uriMethods` (GET, HEAD, DELETE) get them in the URL query; other methods get a body
/// in the chosen format, with its Content-Type unless the request already has one.
public struct ParameterEncoding: Sendable {
    public enum Format: Sendable, Equatable {
        /// Always in the URL query, whatever the method.
        case query
        /// `application/x-www-form-urlencoded` (AFHTTPRequestSerializer).
        case form
        /// `application/json` (AFJSONRequestSerializer).
        case json(pretty: Bool)
        /// `application/x-plist` (AFPropertyListRequestSerializer).
        case propertyList(PropertyListRequestSerializer.Format)
    }

    public var format: Format
    public var query: QueryStringEncoder
    /// The methods whose parameters go in the URL (AFNetworking's `HTTPMethodsEncodingParametersInURI`).
    public var uriMethods: Set<HTTPMethod>

    public init(
        format: Format = .form, query: QueryStringEncoder = QueryStringEncoder(),
        uriMethods: Set<HTTPMethod> = [.get, .head, .delete]
    ) {
        self.format = format
        self.query = query
        self.uriMethods = uriMethods
    }

    /// True when `method`'s parameters go in the URL rather than the body.
    public func encodesInURL(_ method: HTTPMethod) -> Bool {
        format == .query || uriMethods.contains(method)
    }

    /// Puts `parameters` into `request` (its method must be final).
    public func apply(_ parameters: Parameters, to request: inout Request) throws {
        if encodesInURL(request.method) {
            request.url = try Self.appendingQuery(try query.encode(parameters), to: request.url)
            return
        }
        let body: Data
        let contentType: String
        switch format {
        case .query, .form:
            body = Data(try query.encode(parameters).utf8)
            contentType = "application/x-www-form-urlencoded"
        case .json(let pretty):
            body = try JSONRequestSerializer(pretty: pretty).serialize(parameters)
            contentType = "application/json"
        case .propertyList(let plistFormat):
            body = try PropertyListRequestSerializer(format: plistFormat).serialize(parameters)
            contentType = "application/x-plist"
        }
        if !request.headers.contains("Content-Type") { request.headers.add(name: "Content-Type", value: contentType) }
        request.body = .bytes(body)
    }

    /// `url` with `query` appended after `&` when it has a query already, `?` otherwise; unchanged for an empty query.
    public static func appendingQuery(_ query: String, to url: URL) throws -> URL {
        guard !query.isEmpty else { return url }
        let text = url.absoluteString
        let fragmentStart = text.firstIndex(of: "#") ?? text.endIndex
        let head = text[..<fragmentStart]
        let separator = url.query != nil ? "&" : "?"
        let joined = head + separator + query + text[fragmentStart...]
        guard let result = URL(string: String(joined)) else {
            throw FerryError.invalidRequest(reason: .malformedURL(String(joined), problem: "the query made it invalid"))
        }
        return result
    }
}
