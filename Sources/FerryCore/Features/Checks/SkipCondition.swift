import Foundation

/// A request file's `skip:` once its variables are filled in: `a == b`, `a != b` (sides trimmed),
/// or a single word that is true when it is `true`, `yes` or `1`.
public enum SkipCondition {
    public static func holds(_ rendered: String) -> Bool {
        for (symbol, equal) in [(" != ", false), (" == ", true)] {
            if let range = rendered.range(of: symbol) {
                let left = rendered[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                let right = rendered[range.upperBound...].trimmingCharacters(in: .whitespaces)
                return (left == right) == equal
            }
        }
        return ["true", "yes", "1"].contains(rendered.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
