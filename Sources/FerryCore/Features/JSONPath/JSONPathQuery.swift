/// An RFC 9535 JSONPath query (`$.store.book[?@.price < 10].title`, `$..id`, `$.a[-1]`,
/// `$[?match(@.name, 'a.*')]`), parsed and type-checked once, then evaluated over the JSON or
/// property-list `Document`s of response bodies: the nodelist in document order.
public struct JSONPathQuery: Hashable, Sendable {
    /// The query as written.
    public let text: String
    public let segments: [JSONPathSegment]

    /// Parses `text`; throws where it is not a well-formed, well-typed query.
    public init(_ text: String) throws(JSONPathSyntaxError) {
        var parser = JSONPathParser(text)
        self.text = text
        segments = try parser.query()
    }

    /// Only name and index segments: the query selects at most one node.
    public var isSingular: Bool { segments.allSatisfy(\.isSingular) }

    /// The nodes the query selects, `$` standing for `root` (the document's root when nil).
    public func select(in document: Document, root: NodeID? = nil) -> [NodeID] { trace(in: document, root: root).nodes }

    /// The nodes the query selects and, when that is none, the position of the first segment
    /// after which nothing was left (for "no such node at character N").
    public func trace(in document: Document, root: NodeID? = nil) -> (nodes: [NodeID], emptyAt: Int?) {
        let root = root ?? document.root
        return JSONPathEvaluator(document: document, root: root).select(segments, from: root)
    }
}
