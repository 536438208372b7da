import Foundation

/// The mock's answers, apart from the network: a mock file's rules first, then the route the
/// request finds — validated against its OpenAPI operation (`--validate`), answered from stored
/// resources (`--stateful`) or with the response its `Prefer` header chooses. From any thread.
public final class MockService: Sendable {
    public let router: MockRouter
    public let rules: [MockRule]
    public let resources: ResourceStore?
    public let validator: RequestValidator?
    /// Where a request no route or rule answers goes (`--record`): its answer is sent on.
    public let upstream: (@Sendable (MockRequest) async -> MockReply)?

    /// A reply and what chose it, for the log.
    public struct Outcome: Sendable {
        public var reply: MockReply
        public var route: String?
        public var answer: String?
    }

    public init(
        router: MockRouter, rules: [MockRule] = [], resources: ResourceStore? = nil, validator: RequestValidator? = nil,
        upstream: (@Sendable (MockRequest) async -> MockReply)? = nil
    ) {
        self.router = router
        self.rules = rules
        self.resources = resources
        self.validator = validator
        self.upstream = upstream
    }

    public func respond(to sent: MockRequest) -> Outcome {
        let request = router.routed(sent)
        let match = router.match(request)
        for rule in rules {
            guard let parameters = rule.match(request) else { continue }
            var outcome: Outcome
            switch rule.response {
            case .own(let status, let headers, let body)?:
                let json = headers.contains { $0.name.lowercased() == "content-type" && MediaRange.isJSON($0.value) }
                let text = body.render(request, parameters: parameters, json: json)
                outcome = Outcome(
                    reply: MockReply(status: status, headers: headers, body: Array(text.utf8)), route: "rule " + rule.location)
            case .example(let name)?:
                outcome = answer(request, match: match, preference: MockPreference(example: name))
                outcome.answer = "rule " + rule.location
            case nil:
                outcome = answer(request, match: match, preference: nil)
                outcome.answer = "rule " + rule.location
            }
            outcome.reply = rule.fault.apply(to: outcome.reply) { Double.random(in: 0..<1) }
            return outcome
        }
        return answer(request, match: match, preference: nil)
    }

    /// The route's answer: validated, stored, or the response preferred.
    private func answer(_ request: MockRequest, match: MockRouter.Match, preference: MockPreference?) -> Outcome {
        let route: MockRoute
        let parameters: [(name: String, value: String)]
        switch match {
        case .route(let found, let values): (route, parameters) = (found, values)
        case .otherMethods(let methods): return Outcome(reply: router.unmatched(request, methods: methods).reply)
        case .none: return Outcome(reply: router.unmatched(request, methods: []).reply)
        }
        if let validator, let problem = validator.problem(for: request, route: route, parameters: parameters) {
            return Outcome(reply: problem.reply, route: route.name, answer: "invalid")
        }
        if preference == nil, let resources, let reply = resources.respond(to: request, route: route) {
            return Outcome(reply: reply, route: route.name, answer: "stateful")
        }
        let preferred = preference ?? MockPreference(header: request.header("Prefer"))
        switch route.response(for: preferred, accept: request.header("Accept"), request: request) {
        case .success(let response):
            let answer = response.isGenerated ? "generated" : response.name.isEmpty ? nil : "example \(response.name)"
            return Outcome(reply: MockReply(response), route: route.name, answer: answer)
        case .failure(let problem):
            return Outcome(reply: problem.reply, route: route.name)
        }
    }

    /// What a mock file says that the sources do not know: a rule that fits no route and answers
    /// nothing of its own, an example no route it fits has, request values that do not exist.
    public func ruleWarnings() -> [String] {
        var warnings: [String] = []
        for rule in rules {
            let fitting = router.routes.filter { route in
                (rule.method.map { $0 == route.method } ?? true) && (rule.path.map { $0.fits(route.template) } ?? true)
            }
            switch rule.response {
            case .own(_, _, let body)?:
                for name in body.unknownNames { warnings.append("\(rule.location): {{\(name)}} is not a request value (it is left empty)") }
            case .example(let name)?:
                if !fitting.contains(where: { $0.responses.contains { $0.name == name && !$0.isGenerated } }) {
                    warnings.append("\(rule.location): no route this rule matches has an example named \(name)")
                }
            case nil:
                if fitting.isEmpty {
                    warnings.append("\(rule.location): the rule matches no route of the sources and answers nothing of its own")
                }
            }
        }
        return warnings
    }
}
