import Foundation

extension Capture {
    /// The captured value's text; throws when the source finds nothing (a capture that finds
    /// nothing fails its request: the requests that need it must not be sent with an empty value).
    public func take(from facts: ResponseFacts) throws(CheckProblem) -> String {
        var value: ObservedValue
        switch source {
        case .status: value = .number(String(facts.status))
        case .header(let name): value = facts.headerValue(name)
        case .body(let path): value = try facts.value(atPath: path)
        case .regex(let pattern): value = try facts.value(of: .regex(pattern))
        case .xpath(let expression): value = try facts.value(ofXPath: expression)
        case .query(let query): value = try facts.value(of: query)
        }
        for filter in filters { value = try filter.apply(to: value, locations: facts.redirectLocations) }
        guard let text = value.variableText else { throw CheckProblem("capture `\(name)` found nothing at \(sourceText)") }
        return text
    }
}
