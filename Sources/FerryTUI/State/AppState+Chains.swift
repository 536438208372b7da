import FerryCore

/// Chained variables in the TUI: a send that needs one asks the runtime for its value (which sends
/// the request it comes from when no fresh value is kept), then goes on, as `ferry send` does.
extension AppState {
    /// The chained variable called `name`: the open request's own (`vars:`), else the environment's.
    func chain(named name: String) -> VariableChain? {
        editor.source.description.chains.last { $0.name == name } ?? collection.chains.last { $0.name == name }
    }

    /// Keeps the value for the send waiting for it and sends again; the status line says which
    /// request was sent for it.
    mutating func chainedVariableTaken(_ variable: Variable, sent: String?) -> [Effect] {
        collection.chained.removeAll { $0.name == variable.name }
        collection.chained.append(variable)
        if let sent {
            collection.chainNotice = [collection.chainNotice, "sent \(sent) for {{\(variable.name)}}"].compactMap { $0 }.joined(
                separator: "; ")
        }
        return send()
    }
}
