/// A named value from an environment, a `.env` file or `--var`; a secret one is redacted wherever it is shown or stored.
public struct Variable: Sendable, Hashable {
    public var name: String
    public var value: String
    public var isSecret: Bool

    public init(name: String, value: String, isSecret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }
}
