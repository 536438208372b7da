import FerryCore

/// Chained variables in the TUI: a send that needs one asks the runtime for its value (which sends
/// the request it comes from when no fresh value is kept), then goes on, as `ferry send` does.
extension AppState {
    /// The chained variable called `name`: the open request's own (`vars:`), else the environment's.
    func chain(named name: String) -> VariableChain? {
        editor.source.description.chains.last { $0.name == name } ?? collection.chains.last { $0.name == name }
    }
}
