import FerryCore

extension Array where Element == Variable {
    /// Sets `variable`, replacing one of the same name (the newer is kept, last).
    mutating func set(_ variable: Variable) {
        removeAll { $0.name == variable.name }
        append(variable)
    }
}
