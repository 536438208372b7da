/// A request's checks of its response, as a front end carries them to where the response arrives:
/// the assertions, the captures and the examples `bodyEquals` compares with.
public struct ResponseChecks: Sendable, Equatable {
    public var assertions: [Assertion]
    public var captures: [Capture]
    public var examples: [RequestDescription.Example]
    /// The values of the variables `variable` queries read, filled in by `rendered(with:)`.
    public var variables: [String: String]

    public init(
        assertions: [Assertion] = [], captures: [Capture] = [], examples: [RequestDescription.Example] = [],
        variables: [String: String] = [:]
    ) {
        self.assertions = assertions
        self.captures = captures
        self.examples = examples
        self.variables = variables
    }

    public var isEmpty: Bool { assertions.isEmpty && captures.isEmpty }

    /// True when an assertion or a capture looks into the parsed body (a body path).
    public var readsDocument: Bool {
        assertions.contains {
            switch $0.subject {
            case .body, .schema: true
            default: false
            }
        }
            || captures.contains { if case .body = $0.source { true } else { false } }
    }
}

extension RequestDescription {
    /// The description's `expect:`, `capture:` and examples; a gRPC call that checks no `grpc-status`
    /// is checked for OK, as `ferry send grpc://` fails on any other status.
    public var checks: ResponseChecks {
        let checksStatus = assertions.contains { $0.subject == .query(.grpcStatus) }
        return ResponseChecks(
            assertions: isGRPC && !checksStatus ? [Self.grpcStatusOK] + assertions : assertions, captures: captures, examples: examples)
    }
}
