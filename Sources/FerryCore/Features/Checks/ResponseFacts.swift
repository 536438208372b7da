import Foundation

/// What assertions and captures look at in one exchange: its status, headers, body bytes, the body
/// parsed as a document when it is one, how long it took and the examples saved with the request.
public struct ResponseFacts: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    /// The fields after the body (gRPC's status and trailing metadata).
    public var trailers: HTTPHeaders = [:]
    public var body: Data
    /// The body as a JSON, XML or property-list document; nil when it is not one.
    public var document: Document?
    /// Why the body is not a document, for a body-path assertion to name.
    public var documentProblem: String?
    public var durationMilliseconds: Int
    public var examples: [RequestDescription.Example]
    /// The body as XPath expressions read it, parsed on the first one.
    public var markup: XPathBody
    /// The URL of the final response, and those that redirected to it, oldest first.
    public var url: String
    public var redirects: [String]
    /// For each of `redirects`, the absolute URL its `Location` led to.
    public var redirectLocations: [String: String]
    /// The variables a `variable` query can read: the request's, then the captures of this response.
    public var variables: [String: String]

    public init(
        status: Int, headers: HTTPHeaders, body: Data, document: Document?, documentProblem: String? = nil,
        durationMilliseconds: Int, examples: [RequestDescription.Example] = [], url: String = "", redirects: [String] = [],
        redirectLocations: [String: String] = [:], variables: [String: String] = [:]
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.document = document
        self.documentProblem = documentProblem
        self.durationMilliseconds = durationMilliseconds
        self.examples = examples
        self.markup = XPathBody(body: body, contentType: headers["Content-Type"])
        self.url = url
        self.redirects = redirects
        self.redirectLocations = redirectLocations
        self.variables = variables
    }

    /// The facts of `response`; `document` is the body already parsed by the request's serializer,
    /// else the body is read as its Content-Type (or its first bytes) say — unless `parsesBody` is
    /// false (no check looks into the body: a run of status checks parses nothing).
    public init(
        response: Response, method: HTTPMethod, document: Document?, examples: [RequestDescription.Example], parsesBody: Bool = true
    ) {
        let body = (try? response.body.mappedData()) ?? Data()
        var parsed = document
        var problem: String?
        if !parsesBody {
            problem = parsed == nil ? "the body was not read as a document" : nil
        } else if parsed == nil, !body.isEmpty {
            do {
                if case .document(let read) = try AutoResponseSerializer().serialize(
                    ResponseInput(method: method, response: response, bytes: body))
                {
                    parsed = read
                } else if let json = try? JSONParser.parse(body) {
                    parsed = json  // JSON served as text/html or text/plain is still read as JSON, as Hurl does
                } else {
                    problem = "the body is not JSON, XML or a property list"
                }
            } catch {
                problem = "the body could not be read: \(error)"
            }
        } else if parsed == nil {
            problem = "the body is empty"
        }
        self.init(
            status: response.status, headers: response.headers, body: body, document: parsed, documentProblem: problem,
            durationMilliseconds: Int(response.timeline.total / 1000), examples: examples, url: response.effectiveURL,
            redirects: response.redirects.map(\.url),
            redirectLocations: Dictionary(
                response.redirects.compactMap { hop in
                    URL(string: hop.location, relativeTo: URL(string: hop.url)).map { (hop.url, $0.absoluteString) }
                }, uniquingKeysWith: { first, _ in first }))
        trailers = response.trailers
    }

    /// The value at a body path, or `.missing`; throws when the path cannot be read or there is no
    /// document. A JSON or property-list path is an RFC 9535 query: a singular one (`$.a[0].b`) gives
    /// its node's value, any other (`$.items[*].id`, `$..id`, `$.items[?@.price < 10]`) one array of
    /// the nodes it selects, in document order, so that `count`, `contains` and `==` a list check
    /// every match at once (none selected does not exist). An XML path (`/root/item[2]`) leads to one node.
    public func value(atPath path: String) throws(CheckProblem) -> ObservedValue {
        guard let document else { throw CheckProblem(documentProblem ?? "the body is not a document") }
        return try Self.value(atPath: path, in: document)
    }

    /// The value at a body path of `document`, as `value(atPath:)` reads it.
    static func value(atPath path: String, in document: Document) throws(CheckProblem) -> ObservedValue {
        guard document.format != .xml else {
            do {
                return Self.value(of: try NodePath.resolve(path, in: document), in: document)
            } catch let failure {
                if failure.message == "no such node" { return .missing }
                throw CheckProblem("`\(path)`: \(failure.message) at character \(failure.position + 1)")
            }
        }
        let query: JSONPathQuery
        do {
            query = try JSONPathQuery.parsed(path)
        } catch {
            throw CheckProblem("`\(path)`: \(error.message) at character \(error.position + 1)")
        }
        let nodes = query.select(in: document)
        if query.isSingular { return nodes.first.map { Self.value(of: $0, in: document) } ?? .missing }
        // Nothing selected: an empty list that does not exist (`count` 0, `exists: false`), as in Hurl.
        if nodes.isEmpty { return .nodes([]) }
        // One list selected is that list, as in Hurl (`$.rows[*] count` counts the one row's items).
        if nodes.count == 1, case .array = Self.value(of: nodes[0], in: document) { return Self.value(of: nodes[0], in: document) }
        return .array(count: nodes.count, literal: "[" + nodes.map { document.literal(of: $0) }.joined(separator: ",") + "]")
    }

    /// What an XPath expression evaluates to on the body: a node-set's node texts, a string, a
    /// number (as a decimal, integral ones without `.0`), a boolean.
    public func value(ofXPath text: String) throws(CheckProblem) -> ObservedValue {
        try Self.value(ofXPath: text, in: markup)
    }

    /// What an XPath expression evaluates to on `markup`, as `value(ofXPath:)` gives it.
    static func value(ofXPath text: String, in markup: XPathBody) throws(CheckProblem) -> ObservedValue {
        let expression: XPathExpression
        do {
            expression = try XPathExpression(text)
        } catch {
            throw CheckProblem("`\(text)` is not an XPath expression: \(error)")
        }
        switch try markup.evaluate(expression) {
        case .nodes(let values): return .nodes(values)
        case .string(let text): return .text(text)
        case .boolean(let value): return .bool(value)
        case .number(let number):
            guard number.isFinite else { return .text(number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity") }
            if number == number.rounded(), abs(number) < 1e15 { return .number(String(Int64(number))) }
            return .number(String(number))
        }
    }

    /// A document node as an observed value.
    public static func value(of node: NodeID, in document: Document) -> ObservedValue {
        switch document.kind(of: node) {
        case .object, .dictionary: return .object(count: document.childCount(of: node), literal: document.literal(of: node))
        case .array: return .array(count: document.childCount(of: node), literal: document.literal(of: node))
        case .element:
            let children = document.children(of: node).filter { document.kind(of: $0) != .attribute }
            let texts = children.filter { [.text, .cdata].contains(document.kind(of: $0)) }
            if texts.count == children.count { return .text(texts.compactMap { document.value(of: $0) }.joined()) }
            return .array(count: children.count, literal: document.literal(of: node))
        case .string: return document.format == .xml ? .text(document.value(of: node) ?? "") : .string(document.value(of: node) ?? "")
        case .number, .integer, .real: return .number(document.value(of: node) ?? document.literal(of: node))
        case .bool: return .bool(document.boolValue(of: node) ?? false)
        case .null: return .null
        default: return .text(document.value(of: node) ?? document.literal(of: node))
        }
    }
}
