import Foundation

/// Regular expressions over response text with a time limit: a pattern that backtracks
/// catastrophically (`(a+)+$` on a long run of `a`) is stopped and named, never left to hang a run.
enum RegexSearch {
    /// How long one search may take, in seconds.
    static let limit = 2

    /// Compiles a pattern, naming it when it does not compile.
    static func compile(_ pattern: String) throws(CheckProblem) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw CheckProblem("`\(pattern)` is not a valid regular expression")
        }
    }

    /// Every match of `expression` in `text` (only the first when `all` is false), stopped at the limit.
    static func matches(_ expression: NSRegularExpression, in text: String, all: Bool = true) throws(CheckProblem) -> [NSTextCheckingResult]
    {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(limit)
        var found: [NSTextCheckingResult] = []
        var late = false
        expression.enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) { result, _, stop in
            if let result {
                found.append(result)
                if !all { stop.pointee = true }
            }
            if clock.now > deadline {
                late = true
                stop.pointee = true
            }
        }
        guard !late else {
            throw CheckProblem(
                "the regular expression `\(expression.pattern)` took longer than \(limit) s on \(text.count) characters "
                    + "and was stopped (it backtracks too much: make its repeated groups unambiguous)")
        }
        return found
    }

    /// The first group of the first match (or the whole match when the pattern has no group), or nil.
    static func firstGroup(_ expression: NSRegularExpression, in text: String) throws(CheckProblem) -> String? {
        guard let match = try matches(expression, in: text, all: false).first else { return nil }
        return Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: text).map { String(text[$0]) }
    }

    /// `text` with every match replaced by `template` (`$1` names a group).
    static func replacing(_ expression: NSRegularExpression, in text: String, with template: String) throws(CheckProblem) -> String {
        let found = try matches(expression, in: text)
        let result = NSMutableString(string: text)
        for match in found.reversed() {
            let replacement = expression.replacementString(for: match, in: text, offset: 0, template: template)
            result.replaceCharacters(in: match.range, with: replacement)
        }
        return result as String
    }
}
