import Foundation

/// Replaces secret values with their placeholders (`{{password}}`) before text is shown, stored or exported.
public struct Redaction: Sendable {
    /// One secret and what stands in for it.
    public struct Rule: Sendable, Equatable {
        public var secret: String
        public var replacement: String

        public init(secret: String, replacement: String) {
            self.secret = secret
            self.replacement = replacement
        }
    }

    /// The rules, longest secret first so a secret containing another is replaced whole.
    public private(set) var rules: [Rule]

    public init(_ rules: [Rule] = []) {
        self.rules = []
        add(rules)
    }

    /// The rules for the secret ones of `variables`: each value stands as `{{name}}`.
    public init(secretsOf variables: some Sequence<Variable>) {
        self.init(variables.filter(\.isSecret).map { Rule(secret: $0.value, replacement: "{{\($0.name)}}") })
    }

    /// Adds rules; each secret is also redacted in its percent-encoded form (as it appears in a query).
    /// Sorted only when one is new: a run adds every request's rules, mostly the same ones.
    public mutating func add(_ more: [Rule]) {
        let known = rules.count
        for rule in more where !rule.secret.isEmpty && !rules.contains(rule) {
            rules.append(rule)
            let escaped = Rule(secret: QueryStringEncoder.percentEscaped(rule.secret), replacement: rule.replacement)
            if escaped != rule, !rules.contains(escaped) { rules.append(escaped) }
        }
        if rules.count > known { rules.sort { $0.secret.utf8.count > $1.secret.utf8.count } }
    }

    public var isEmpty: Bool { rules.isEmpty }

    /// `text` with every secret replaced.
    public func redact(_ text: String) -> String {
        rules.reduce(text) { $0.replacingOccurrences(of: $1.secret, with: $1.replacement) }
    }

    /// `data` with every secret's UTF-8 bytes replaced (bodies need not be text).
    public func redact(_ data: Data) -> Data {
        rules.reduce(data) { data, rule in
            let secret = Data(rule.secret.utf8)
            var output = Data()
            var start = data.startIndex
            while let found = data.range(of: secret, in: start..<data.endIndex) {
                output.append(data[start..<found.lowerBound])
                output.append(Data(rule.replacement.utf8))
                start = found.upperBound
            }
            guard start != data.startIndex else { return data }
            output.append(data[start..<data.endIndex])
            return output
        }
    }
}
