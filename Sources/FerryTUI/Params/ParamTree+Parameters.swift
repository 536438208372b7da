import FerryCore

extension ParamTree {
    /// The rows of a parameter object: an object member with members or items becomes a row with
    /// rows nested under it (items keyless), a scalar becomes a row with its text. Nil when
    /// `parameters` is not an object, or holds an empty object or array or a null, which rows cannot show.
    public init?(parameters: Parameters, placement: Placement, keepsKeyOrder: Bool) {
        guard case .object(let members) = parameters else { return nil }
        var rows: [ParamRow] = []
        for member in members {
            guard Self.append(member.key, member.value, depth: 0, to: &rows) else { return nil }
        }
        self.init(rows: rows)
        self.placement = placement
        self.keepsKeyOrder = keepsKeyOrder
    }

    private static func append(_ key: String, _ value: Parameters, depth: Int, to rows: inout [ParamRow]) -> Bool {
        switch value {
        case .object(let members):
            rows.append(ParamRow(key: key, value: "", depth: depth))
            return !members.isEmpty && members.allSatisfy { append($0.key, $0.value, depth: depth + 1, to: &rows) }
        case .array(let items):
            rows.append(ParamRow(key: key, value: "", depth: depth))
            return !items.isEmpty && items.allSatisfy { append("", $0, depth: depth + 1, to: &rows) }
        case .string, .number, .bool:
            rows.append(ParamRow(key: key, value: value.scalarText ?? "", depth: depth))
        case .null:
            return false
        }
        return true
    }
}
