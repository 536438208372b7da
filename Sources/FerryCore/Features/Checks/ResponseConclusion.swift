import Foundation

/// The conclude stage of an exchange: the response validated and parsed once, as the request asks,
/// then its `expect:` checked and its `capture:` values taken on that one parse. `ferry send`,
/// `ferry run`, chained values (through `ExchangePipeline`) and the TUI's response views conclude
/// their exchanges with it.
public struct ResponseConclusion: Sendable {
    /// Validation and serialization; nil leaves the response as it came (the checks then parse the
    /// body themselves when they look into it).
    public var evaluator: ResponseEvaluator?
    public var checks: ResponseChecks
    /// The OpenAPI document the exchange is checked against, its results after `expect:`'s.
    public var contract: ExchangeContract?
    /// The response's verdict made ahead, on the response as it came (`ferry run` makes its checks
    /// in batches): used instead of checking it again when no evaluator could make it another response.
    public var contractVerdict: ContractVerdict?

    public init(evaluator: ResponseEvaluator?, checks: ResponseChecks = ResponseChecks(), contract: ExchangeContract? = nil) {
        self.evaluator = evaluator
        self.checks = checks
        self.contract = contract
    }

    /// What a request file asks of `request`'s response: its `validation:` and `serializer:` (content
    /// types from the request's Accept unless they name their own; an unnamed serializer is `auto`),
    /// no evaluation when it asks for neither, and `checks`.
    public init(file description: RequestDescription, request: Request, checks: ResponseChecks) {
        self.init(evaluator: description.expectations?.evaluator(accept: request.headers["Accept"], fallback: .auto), checks: checks)
    }

    /// Evaluates `response` (the answer to a `method` request), then runs the checks on what
    /// evaluation parsed; the body is parsed for them only when one looks into it. A stream the user
    /// stopped is cut where it was stopped: its body not parsing is no failure of the exchange.
    public func conclude(_ response: Response, method: HTTPMethod) -> Concluded {
        var concluded = Concluded(response: response)
        if let evaluator {
            let evaluation = evaluator.evaluate(response, method: method)
            concluded.response = evaluation.response
            concluded.value = evaluation.value
            concluded.error = evaluation.error
            if response.stoppedByUser, case .responseSerializationFailed? = evaluation.error { concluded.error = nil }
        }
        var document = concluded.document
        if !checks.isEmpty {
            let facts = ResponseFacts(
                response: concluded.response, method: method, document: concluded.document, examples: checks.examples,
                parsesBody: checks.readsDocument)
            concluded.checks = CheckReport(checking: checks, facts: facts)
            document = document ?? facts.document
        }
        if let contract {
            let verdict =
                if evaluator == nil, let contractVerdict { contractVerdict } else { contract.check(concluded.response, document: document) }
            concluded.checks = (concluded.checks ?? CheckReport()).adding(verdict.results)
        }
        return concluded
    }
}
