import FerryCore

extension Array where Element == Variable {
    /// Sets `variable`, replacing one of the same name (the newer is kept, last).
    mutating func set(_ variable: Variable) {
        removeAll { $0.name == variable.name }
        append(variable)
    }
}

extension Array where Element == Variable {
    /// Sets `variable` as Postman resolves a name given twice: the last value wins, in the place of
    /// the first; true when it replaced one (for the report to say so).
    mutating func replacing(_ variable: Variable) -> Bool {
        guard let index = firstIndex(where: { $0.name == variable.name }) else {
            append(variable)
            return false
        }
        self[index] = variable
        return true
    }
}
