extension VariableResolver {
    /// `value` with every string and key rendered; an unresolved variable names `place` and the
    /// path to it (`param user.name`, `body items[2]`).
    public func render(_ value: Parameters, place: String, path: String = "") throws -> Parameters {
        let here = path.isEmpty ? place : "\(place) \(path)"
        switch value {
        case .object(let members):
            return .object(
                try members.map { member in
                    let key = try render(member.key, place: here)
                    return (key, try render(member.value, place: place, path: path.isEmpty ? member.key : "\(path).\(member.key)"))
                })
        case .array(let items):
            return .array(try items.enumerated().map { try render($1, place: place, path: "\(path)[\($0)]") })
        case .string(let text):
            return .string(try render(text, place: here))
        case .number, .bool, .null:
            return value
        }
    }
}
