import Foundation

extension Capture {
    /// The captured value's text; throws when the source finds nothing (a capture that finds
    /// nothing fails its request: the requests that need it must not be sent with an empty value).
    public func take(from facts: ResponseFacts) throws(CheckProblem) -> String {
        let value: ObservedValue
        switch source {
        case .status: value = .number(String(facts.status))
        case .header(let name): value = facts.headers[name].map(ObservedValue.text) ?? .missing
        case .body(let path): value = try facts.value(atPath: path)
        case .xpath(let expression): value = try facts.value(ofXPath: expression)
        case .regex(let pattern):
            let expression = try Assertion.Predicate.regex(pattern)
            let body = String(decoding: facts.body, as: UTF8.self)
            if let match = expression.firstMatch(in: body, range: NSRange(body.startIndex..., in: body)),
                let range = Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: body)
            {
                value = .text(String(body[range]))
            } else {
                value = .missing
            }
        }
        guard let text = value.variableText else { throw CheckProblem("capture `\(name)` found nothing at \(sourceText)") }
        return text
    }
}
