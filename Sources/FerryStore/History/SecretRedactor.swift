import Foundation

/// Replaces every occurrence of a secret value with `{{name}}`, so secrets never reach the history.
public struct SecretRedactor: Sendable {
    /// (value, replacement) pairs, longest value first so a secret containing another is replaced whole.
    private let replacements: [(value: Data, text: String, replacement: String)]

    /// `secrets` maps a variable's name to its value; empty values are ignored.
    public init(secrets: [String: String]) {
        replacements = secrets.filter { !$0.value.isEmpty }
            .sorted { ($0.value.utf8.count, $1.key) > ($1.value.utf8.count, $0.key) }
            .map { (Data($0.value.utf8), $0.value, "{{\($0.key)}}") }
    }

    public var isEmpty: Bool { replacements.isEmpty }

    /// The text with every secret replaced, and whether anything was.
    public func redact(_ text: String) -> (String, Bool) {
        var result = text
        for secret in replacements where result.contains(secret.text) {
            result = result.replacingOccurrences(of: secret.text, with: secret.replacement)
        }
        return (result, result != text)
    }

    /// The bytes with every secret's UTF-8 bytes replaced, and whether anything was.
    public func redact(_ data: Data) -> (Data, Bool) {
        var result = data
        for secret in replacements {
            var output = Data()
            var searchStart = result.startIndex
            while let found = result.range(of: secret.value, in: searchStart..<result.endIndex) {
                output.append(result[searchStart..<found.lowerBound])
                output.append(Data(secret.replacement.utf8))
                searchStart = found.upperBound
            }
            guard searchStart != result.startIndex else { continue }
            output.append(result[searchStart..<result.endIndex])
            result = output
        }
        return (result, result != data)
    }
}
