import Foundation

/// An ordered tree of request parameters: objects keep the order their keys were given in, and
/// numbers keep the text they were written as, so big integers and long decimals are never rounded.
public indirect enum Parameters: Sendable, Hashable {
    case object([(key: String, value: Parameters)])
    case array([Parameters])
    case string(String)
    /// A number as written (`12`, `-0.5`, `1e400`, `12345678901234567890`).
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: Parameters, rhs: Parameters) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let members):
            hasher.combine(members.count)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .array(let items): hasher.combine(items)
        case .string(let text): hasher.combine("s" + text)
        case .number(let text): hasher.combine("n" + text)
        case .bool(let value): hasher.combine(value)
        case .null: hasher.combine(0)
        }
    }

    /// A number from a `Double`; NaN and infinity are kept as `nan`, `inf`, `-inf` so the
    /// serializers can reject them with the path they sit at.
    public static func number(_ value: Double) -> Parameters {
        if value.isNaN { return .number("nan") }
        if value.isInfinite { return .number(value < 0 ? "-inf" : "inf") }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }

    public static func number(_ value: Int) -> Parameters { .number(String(value)) }

    /// Flat `key=value` pairs as an object, in the order given (a repeated key becomes an array).
    public static func flat(_ pairs: [(String, String)]) -> Parameters {
        var entries: [(key: String, value: Parameters)] = []
        for (key, value) in pairs {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if case .array(let items) = entries[index].value {
                    entries[index].value = .array(items + [.string(value)])
                } else {
                    entries[index].value = .array([entries[index].value, .string(value)])
                }
            } else {
                entries.append((key, .string(value)))
            }
        }
        return .object(entries)
    }

    /// True for a number whose text is a finite JSON number.
    var isFiniteNumber: Bool {
        guard case .number(let text) = self else { return false }
        return text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    /// The value's text in a query string or form body: strings as they are, numbers as written,
    /// booleans as `1`/`0` (AFNetworking's `[NSNumber description]` for `@YES`).
    public var scalarText: String? {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "1" : "0"
        case .object, .array, .null: nil
        }
    }
}
