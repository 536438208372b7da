/// One check of a response, from a request file's `expect:` (or the TUI's Expect tab): a subject
/// (`status`, a header, a body path, the duration, the size, the body as a whole) and a predicate
/// it must satisfy, with the filters the subject's value goes through first (`toDate`, `split`,
/// `nth`…). `$.items: {count: 3, ">": 1}` is two assertions on one subject.
public struct Assertion: Sendable, Hashable {
    /// What of the response is looked at.
    public enum Subject: Sendable, Hashable {
        case status
        case header(String)
        /// A node of the parsed body: `$.items[0].id` (JSON, property lists) or `/root/item[2]/@id` (XML).
        case body(path: String)
        /// The whole exchange's time, in milliseconds.
        case duration
        /// The body's length in bytes.
        case size
        /// The body compared with the example of this name saved in the request file.
        case bodyEquals(example: String)
        /// An XPath 1.0 expression over the body read as XML or HTML: `count(//item)`, `//title`.
        case xpath(String)
        /// The body as text or bytes, a digest, the URL, the redirects, a cookie, a variable, a regex.
        case query(ResponseQuery)
        /// A test a script ran (`test "name"`), or where a script failed; its result comes from the script.
        case script(String)
        /// The body (JSON) valid against a JSON Schema.
        case schema(BodySchema)
        /// The exchange against its OpenAPI document (`contract GET /pets/{petId}: status`); its
        /// result comes from `OpenAPIContract`.
        case contract(String)
    }

    public var subject: Subject
    public var filters: [ValueFilter]
    public var predicate: Predicate

    public init(_ subject: Subject, filters: [ValueFilter] = [], _ predicate: Predicate) {
        self.subject = subject
        self.filters = filters
        self.predicate = predicate
    }

    /// One line a person reads: `status == 200`, `header Content-Type matches ^application/json`,
    /// `$.items count == 3`, `duration < 500`.
    public var text: String {
        let subjectText =
            switch subject {
            case .status: "status"
            case .header(let name): "header \(name)"
            case .body(let path): path
            case .duration: "duration"
            case .size: "size"
            case .bodyEquals(let example): "body equals example \(example)"
            case .xpath(let expression): "xpath \(JSONStringLiteral.make(expression))"
            case .query(let query): query.text
            case .script(let text): text
            case .schema(let schema): "body matches schema \(schema.name)"
            case .contract(let text): text
            }
        if case .bodyEquals = subject { return subjectText }
        if case .script = subject { return subjectText }
        if case .schema = subject { return subjectText }
        if case .contract = subject { return subjectText }
        let shown = subject == .query(.grpcStatus) && filters.isEmpty ? GRPCStatusCode.named(predicate) : predicate
        return ([subjectText] + filters.map(\.text) + [shown.text]).joined(separator: " ")
    }
}
