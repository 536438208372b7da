import FerryCore

/// What a load of the collection's request files is resolved with: the environment's variables
/// (with the session's chained and captured values) and connection, as the editor's request is.
public struct CollectionLoad: Sendable {
    public var variables: [Variable]
    public var connection: ConnectionSettings
    /// The environment's name, for the history.
    public var environment: String?

    public init(variables: [Variable], connection: ConnectionSettings, environment: String?) {
        self.variables = variables
        self.connection = connection
        self.environment = environment
    }
}
