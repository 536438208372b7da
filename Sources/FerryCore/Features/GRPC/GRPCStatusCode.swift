/// gRPC's status codes by name (`NOT_FOUND` is 5), for checks that name them and for showing them.
public enum GRPCStatusCode {
    /// The names of codes 0…16.
    public static let names = [
        "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED",
        "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS",
        "UNAUTHENTICATED",
    ]

    /// The code's name, or its number when gRPC defines none.
    public static func name(of code: Int) -> String { names.indices.contains(code) ? names[code] : "\(code)" }

    /// The code a name stands for (any case); nil for a name gRPC does not define.
    public static func code(named name: String) -> Int? { names.firstIndex(of: name.uppercased()) }

    /// A check's value with a code's name (`"NOT_FOUND"`) replaced by its number, so the check
    /// compares numbers; lists (`oneOf`) have each of theirs replaced.
    public static func numbered(_ value: Parameters) -> Parameters {
        switch value {
        case .string(let text): code(named: text).map { .number("\($0)") } ?? value
        case .array(let items): .array(items.map(numbered))
        default: value
        }
    }

    /// A `grpc-status` check's predicate with its codes shown by name (`== "NOT_FOUND"`), as files write them.
    public static func named(_ predicate: Assertion.Predicate) -> Assertion.Predicate {
        func named(_ value: Parameters) -> Parameters {
            switch value {
            case .number(let text): Int(text).flatMap { names.indices.contains($0) ? .string(names[$0]) : nil } ?? value
            case .array(let items): .array(items.map(named))
            default: value
            }
        }
        switch predicate {
        case .compare(let comparison, let value): return .compare(comparison, named(value))
        case .oneOf(let values): return .oneOf(values.map(named))
        case .not(let inner): return .not(Self.named(inner))
        default: return predicate
        }
    }

    /// A `grpc-status` check's predicate with the names in it replaced by numbers.
    public static func numbered(_ predicate: Assertion.Predicate) -> Assertion.Predicate {
        switch predicate {
        case .compare(let comparison, let value): .compare(comparison, numbered(value))
        case .oneOf(let values): .oneOf(values.map(numbered))
        case .not(let inner): .not(numbered(inner))
        default: predicate
        }
    }
}
