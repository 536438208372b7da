import Foundation

/// Which operations of an OpenAPI document a run exercised, and which of their declared responses
/// (`200`, `4XX`, `default`) its statuses selected; exchanges no operation matches are counted apart.
public struct ContractCoverage: Sendable, Hashable {
    /// One operation: how many exchanges matched it and each declared response's count.
    public struct Operation: Sendable, Hashable, Codable {
        public var name: String
        public var requests: Int
        public var responses: [Response]
    }

    /// A declared response (`200`, `4XX`, `default`) and how many exchanges' statuses selected it.
    public struct Response: Sendable, Hashable, Codable {
        public var status: String
        public var count: Int
    }

    /// One exchange of the run: its method, the URL it went to, and the status that came (nil: none came).
    public struct Exchange: Sendable {
        public var method: HTTPMethod
        public var url: URL
        public var status: Int?

        public init(method: HTTPMethod, url: URL, status: Int?) {
            self.method = method
            self.url = url
            self.status = status
        }
    }

    public var document: String
    public var operations: [Operation]
    /// Exchanges no operation matched.
    public var unmatched: Int

    public init(_ contract: OpenAPIContract, exchanges: [Exchange]) {
        document = contract.name
        operations = contract.operations.map { operation in
            Operation(name: operation.name, requests: 0, responses: operation.responses.map { Response(status: $0.status, count: 0) })
        }
        unmatched = 0
        let index = Dictionary(contract.operations.enumerated().map { ($1.pointer, $0) }, uniquingKeysWith: { first, _ in first })
        for exchange in exchanges {
            guard case .operation(let operation, _) = contract.match(method: exchange.method.rawValue, url: exchange.url),
                let position = index[operation.pointer]
            else {
                unmatched += 1
                continue
            }
            operations[position].requests += 1
            if let status = exchange.status, let declared = operation.response(for: status),
                let slot = operations[position].responses.firstIndex(where: { $0.status == declared.status })
            {
                operations[position].responses[slot].count += 1
            }
        }
    }

    public var exercisedOperations: Int { operations.count { $0.requests > 0 } }
    public var declaredResponses: Int { operations.reduce(0) { $0 + $1.responses.count } }
    public var exercisedResponses: Int { operations.reduce(0) { $0 + $1.responses.count { $0.count > 0 } } }

    /// The report for people: a line per operation (`✓`, `✗` not exercised) with its responses, then the totals.
    public var lines: [String] {
        var lines = ["Coverage of \(document):"]
        for operation in operations {
            let mark = operation.requests > 0 ? "✓" : "✗"
            let responses = operation.responses.map { "\($0.status)\($0.count > 0 ? " ✓" : " ✗")" }.joined(separator: ", ")
            lines.append("\(mark) \(operation.name) (\(operation.requests) request\(operation.requests == 1 ? "" : "s")): \(responses)")
        }
        lines.append(
            "operations \(exercisedOperations)/\(operations.count) (\(Self.percent(exercisedOperations, operations.count))), "
                + "responses \(exercisedResponses)/\(declaredResponses) (\(Self.percent(exercisedResponses, declaredResponses)))"
                + (unmatched > 0 ? ", \(unmatched) request\(unmatched == 1 ? "" : "s") matched no operation" : ""))
        return lines
    }

    /// `75%`, or `-` when there is nothing to cover.
    static func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : "\(part * 100 / whole)%" }
}
