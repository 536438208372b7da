import Yams

/// Refuses YAML that Yams cannot turn into values without trapping (both found by fuzzing,
/// Documentation/TESTING.md):
/// - Yams reads YAML 1.1's base-60 integers (`1:30:00`) with unchecked arithmetic, whenever an
///   integer is asked of a scalar with a colon (an implicit `int` tag in `Yams.load`, or any `Int`
///   field `YAMLDecoder` decodes): one whose value passes `Int.max` stops the process;
/// - `Node.any` force-unwraps every mapping key as a string: a key that is a mapping or a list
///   (`? [a, b]: c`) stops it.
enum YAMLValueGuard {
    /// Nodes checked before the document is called too large (an alias of aliases expands).
    static let maximumNodes = 1_000_000

    /// Throws a problem at the first scalar (key or value) of `node` that would overflow, or the first
    /// key that is not a scalar.
    static func check(_ node: Node, source: String) throws(ImportProblem) {
        var pending = [node]
        var visited = 0
        while let node = pending.popLast() {
            visited += 1
            guard visited <= maximumNodes else { throw sizeProblem(source: source) }
            switch node {
            case .scalar(let scalar):
                guard overflows(scalar.string) else { continue }
                throw overflowProblem(scalar.string, source: source, place: place(of: node))
            case .mapping(let mapping):
                // By index: iterating a Yams mapping first copies all its pairs into a new array.
                for index in mapping.indices {
                    let (key, value) = mapping[index]
                    guard case .scalar = key else { throw keyProblem(source: source, place: place(of: key)) }
                    pending.append(key)
                    pending.append(value)
                }
            case .sequence(let sequence):
                pending += sequence
            case .alias:
                continue  // its anchor is checked where it stands
            }
        }
    }

    /// A document of more than `maximumNodes` values.
    static func sizeProblem(source: String) -> ImportProblem {
        ImportProblem(source: source, "the document expands to more than \(maximumNodes) values")
    }

    /// A scalar `text` that `overflows`, at `place`.
    static func overflowProblem(_ text: String, source: String, place: String?) -> ImportProblem {
        ImportProblem(source: source, place: place, "the number \(text.prefix(40)) is too large (read as base 60, it passes \(Int.max))")
    }

    /// A mapping key that is not a scalar, at `place`.
    static func keyProblem(source: String, place: String?) -> ImportProblem {
        ImportProblem(source: source, place: place, "a key that is a mapping or a list (Ferry reads text keys only)")
    }

    private static func place(of node: Node) -> String? {
        node.mark.map { "line \($0.line), column \($0.column)" }
    }

    /// True when Yams' base-60 reading of `text` overflows `Int`: as Yams does, the sign and `_`
    /// taken off, the parts between colons read as integers, then from the last part summed with
    /// weights 1, 60, 3600 … (the weight is multiplied once more after the first part).
    static func overflows(_ text: String) -> Bool {
        // Most scalars hold no colon: they are passed over without a copy.
        guard text.utf8.contains(UInt8(ascii: ":")) else { return false }
        var digits = text.replacingOccurrences(of: "_", with: "")
        if digits.hasPrefix("-") || digits.hasPrefix("+") { digits.removeFirst() }
        let parts = digits.components(separatedBy: ":")
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return false }  // not a number: Yams does not compute it
        var weight = 1, value = 0
        for number in numbers.reversed() {
            let (term, termOverflows) = number.multipliedReportingOverflow(by: weight)
            let (sum, sumOverflows) = value.addingReportingOverflow(term)
            let (next, weightOverflows) = weight.multipliedReportingOverflow(by: 60)
            if termOverflows || sumOverflows || weightOverflows { return true }
            (value, weight) = (sum, next)
        }
        return value == .min
    }
}
