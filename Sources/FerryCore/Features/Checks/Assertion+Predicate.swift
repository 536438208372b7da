extension Assertion {
    /// What an asserted value must be. Numbers compare as the decimal numbers written (no rounding:
    /// `12345678901234567890 > 12345678901234567889` holds); strings compare by their Unicode scalars.
    public indirect enum Predicate: Sendable, Hashable {
        case compare(Comparison, Parameters)
        /// Equal to one of these (`status: [200, 201]`).
        case oneOf([Parameters])
        /// A status class: `"2xx"` is `.statusClass(2)`.
        case statusClass(Int)
        /// A string holding the text, or an array holding an equal item.
        case contains(Parameters)
        case startsWith(String)
        case endsWith(String)
        /// A regular expression (ICU syntax, as NSRegularExpression reads it) found in the string.
        case matches(String)
        case exists(Bool)
        case isKind(ValueKind)
        /// The number of items of an array or members of an object, then this predicate on it.
        case count(Predicate)
        /// The number of characters of a string, then this predicate on it.
        case length(Predicate)
        /// The predicate does not hold (Hurl's `not`).
        case not(Predicate)
        /// A property of the value's text or size: `isEmpty`, `isIsoDate`, `isUuid`…
        case trait(Trait)

        /// How two values are compared.
        public enum Comparison: String, Sendable, CaseIterable {
            case equal = "=="
            case notEqual = "!="
            case less = "<"
            case lessOrEqual = "<="
            case greater = ">"
            case greaterOrEqual = ">="
        }

        /// The kinds `isString`, `isNumber`… test for.
        public enum ValueKind: String, Sendable, CaseIterable {
            case string, number, bool, null, array, object

            /// The predicate's name in files: `isString`.
            public var predicateName: String { "is" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
        }

        /// The properties `trait` tests for.
        public enum Trait: String, Sendable, CaseIterable {
            /// An empty string, list, object, node-set or byte string.
            case empty
            /// An RFC 3339 date-time string: `2024-03-01T12:30:00Z`, `…:00.123+01:00`.
            case isoDate
            /// A UUID: 8-4-4-4-12 hexadecimal digits.
            case uuid
            /// A number written without a fraction or an exponent, and one written with them.
            case integer, float
            /// A date (`toDate` makes one).
            case date
            /// A list or an object.
            case collection
            case ipv4, ipv6

            /// The predicate's name in files: `isEmpty`, `isIsoDate`, `isUuid`.
            public var predicateName: String {
                switch self {
                case .ipv4: "isIpv4"
                case .ipv6: "isIpv6"
                default: "is" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
                }
            }
        }

        /// The predicate as a person reads it after its subject: `== 200`, `count > 2`, `matches ^a`.
        public var text: String {
            switch self {
            case .compare(let comparison, let value): "\(comparison.rawValue) \(Self.text(of: value))"
            case .oneOf(let values): "in [\(values.map(Self.text(of:)).joined(separator: ", "))]"
            case .statusClass(let digit): "== \(digit)xx"
            case .contains(let value): "contains \(Self.text(of: value))"
            case .startsWith(let text): "startsWith \(Self.text(of: .string(text)))"
            case .endsWith(let text): "endsWith \(Self.text(of: .string(text)))"
            case .matches(let pattern): "matches \(Self.text(of: .string(pattern)))"
            case .exists(let exists): exists ? "exists" : "does not exist"
            case .isKind(let kind): kind.predicateName
            case .count(let inner): "count \(inner.text)"
            case .length(let inner): "length \(inner.text)"
            case .not(.exists(true)): "does not exist"
            case .not(let inner): "not \(inner.text)"
            case .trait(let trait): trait.predicateName
            }
        }

        /// A value as written in an assertion line: strings quoted, numbers as written.
        static func text(of value: Parameters) -> String {
            switch value {
            case .string(let string): JSONStringLiteral.make(string)
            case .number(let number): number
            case .bool(let bool): bool ? "true" : "false"
            case .null: "null"
            case .array(let items): "[" + items.map(text(of:)).joined(separator: ", ") + "]"
            case .object(let members):
                "{" + members.map { JSONStringLiteral.make($0.key) + ": " + text(of: $0.value) }.joined(separator: ", ") + "}"
            }
        }
    }
}
