/// One answer a route can give: a saved example, an OpenAPI example, or a body generated from a schema.
public struct MockResponse: Sendable {
    /// The example's name (`Prefer: example=NAME` asks for it); empty for a generated body.
    public var name: String
    public var status: Int
    /// Sent in this order; Content-Length is always the body's.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// The media type the body is of (an OpenAPI response's content key), for `Accept`.
    public var mediaType: String?
    /// Made from the schema rather than written by someone (`Prefer: dynamic=true` asks for it).
    public var isGenerated: Bool

    public init(
        name: String, status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [], mediaType: String? = nil,
        isGenerated: Bool = false
    ) {
        self.name = name
        self.status = status
        self.headers = headers
        self.body = body
        self.mediaType = mediaType
        self.isGenerated = isGenerated
    }
}
