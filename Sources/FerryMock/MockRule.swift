import FerryCore
import Foundation

/// One rule of a mock file: what requests it matches, and what it answers (its own response, a
/// route's example by name, or the route's usual answer) with which faults.
public struct MockRule: Sendable {
    /// `mock.yaml:12:5`, in the log and warnings.
    public var location: String
    public var method: String?
    public var path: PathTemplate?
    public var query: [(name: String, value: String)] = []
    public var headers: [(name: String, value: String)] = []
    /// JSONPath queries on the body and the value each must select (as text); nil: that it selects something.
    public var body: [(query: JSONPathQuery, value: String?)] = []
    public var response: Response?
    public var fault = MockFault()

    /// What a rule answers.
    public enum Response: Sendable {
        case own(status: Int, headers: [(name: String, value: String)], body: MockTemplate)
        /// The matched route's example of this name.
        case example(String)
    }

    public init(location: String) { self.location = location }

    /// The path parameters when `request` matches, nil otherwise.
    func match(_ request: MockRequest) -> [(name: String, value: String)]? {
        if let method, method != request.method { return nil }
        var parameters: [(name: String, value: String)] = []
        if let path {
            guard let found = path.match(request.segments) else { return nil }
            parameters = found
        }
        for (name, value) in query where request.queryValue(name) != value { return nil }
        for (name, value) in headers where request.header(name) != value { return nil }
        if !body.isEmpty {
            guard let document = try? JSONParser.parse(Data(request.body)) else { return nil }
            for (query, wanted) in body {
                guard let node = query.select(in: document).first else { return nil }
                if let wanted {
                    let text = document.kind(of: node) == .string ? document.value(of: node) : document.literal(of: node)
                    guard text == wanted else { return nil }
                }
            }
        }
        return parameters
    }
}
