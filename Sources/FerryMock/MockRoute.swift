/// A method and path template with the responses it can give, and where it was read from.
public struct MockRoute: Sendable {
    public var method: String
    public var template: PathTemplate
    /// Where it comes from, for the log and warnings: `pets/get.ferry.yaml`, `openapi.yaml#/paths/~1pets/get`.
    public var source: String
    /// In the order they were written; the first of the default status answers unless asked otherwise.
    public var responses: [MockResponse]
    /// The OpenAPI operation's place (`/paths/~1pets/get`), for request validation; nil for a collection's route.
    public var operationPointer: String?
    /// The path segments of the document's `servers` (`["api", "v3"]` for `https://x/api/v3`): the
    /// route answers under each of them as well as at the root.
    public var basePaths: [[String]]

    public init(
        method: String, template: PathTemplate, source: String, responses: [MockResponse], operationPointer: String? = nil,
        basePaths: [[String]] = []
    ) {
        self.method = method.uppercased()
        self.template = template
        self.source = source
        self.responses = responses
        self.operationPointer = operationPointer
        self.basePaths = basePaths
    }

    /// `GET /pets/{id}`.
    public var name: String { "\(method) \(template)" }

    /// The status answered when none is asked for: the lowest 2xx, else the first response's.
    public var defaultStatus: Int? {
        responses.map(\.status).filter { (200..<300).contains($0) }.min() ?? responses.first?.status
    }

    /// The response `preference` and `accept` choose, or why there is none. Without a preference, a
    /// recorded answer to the same query and body as `request`'s comes first.
    public func response(for preference: MockPreference, accept: String?, request: MockRequest? = nil) -> Result<MockResponse, MockProblem>
    {
        if preference == MockPreference(), let request, let recorded = responses.first(where: { $0.recorded?.matches(request) == true }) {
            return .success(recorded)
        }
        guard let status = preference.code ?? defaultStatus else {
            return .failure(MockProblem(status: 501, title: "No response", detail: "\(name) has no response to give"))
        }
        var candidates = responses.filter { $0.status == status }
        guard !candidates.isEmpty else {
            let known = Set(responses.map(\.status)).sorted().map(String.init).joined(separator: ", ")
            return .failure(
                MockProblem(status: 404, title: "No such response", detail: "\(name) has no \(status) response (it has \(known))"))
        }
        if let accept, case let accepted = candidates.filter({ MediaRange.accepts(accept, $0.mediaType) }), !accepted.isEmpty {
            candidates = accepted
        }
        if let wanted = preference.example {
            guard let named = candidates.first(where: { $0.name == wanted && !$0.isGenerated }) else {
                let names = candidates.filter { !$0.isGenerated }.map(\.name).joined(separator: ", ")
                return .failure(
                    MockProblem(
                        status: 404, title: "No such example",
                        detail: "\(name) has no example \(wanted) (it has \(names.isEmpty ? "none" : names))"))
            }
            return .success(named)
        }
        if preference.dynamic, let generated = candidates.first(where: \.isGenerated) { return .success(generated) }
        return .success(candidates.first { !$0.isGenerated } ?? candidates[0])
    }
}
