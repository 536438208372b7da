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

    /// Adds switched-off parameters (a request file's `disabledParams`) as rows that are off: a member
    /// whose key path leads to an object row goes under it, after its rows; an array's items go
    /// after that array's items; the rest at the end. False when `disabled` is not an object or
    /// holds what rows cannot show.
    public mutating func addDisabled(_ disabled: Parameters) -> Bool {
        guard case .object(let members) = disabled else { return false }
        return add(disabled: members, under: nil)
    }

    private mutating func add(disabled members: [(key: String, value: Parameters)], under parent: Int?) -> Bool {
        for member in members {
            let twin = children(of: parent).first { rows[$0].key == member.key && isParent($0) && rows[$0].enabled }
            switch (member.value, twin) {
            case (.object(let inner), let row?) where !isArray(row):
                guard add(disabled: inner, under: row) else { return false }
            case (.array(let items), let row?) where isArray(row):
                for item in items {
                    guard insertDisabled("", item, under: row) else { return false }
                }
            default:
                guard insertDisabled(member.key, member.value, under: parent) else { return false }
            }
        }
        return true
    }

    /// Inserts `key: value` as a switched-off row at the end of `parent`'s subtree (of all rows for nil).
    private mutating func insertDisabled(_ key: String, _ value: Parameters, under parent: Int?) -> Bool {
        var block: [ParamRow] = []
        guard Self.append(key, value, depth: parent.map { rows[$0].depth + 1 } ?? 0, to: &block) else { return false }
        block[0].enabled = false
        rows.insert(contentsOf: block, at: parent.map(subtreeEnd) ?? rows.count)
        return true
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
