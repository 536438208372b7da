import ArgumentParser
import FerryCore

/// How a body is read and shown, shared by `ferry send` and `ferry view`.
public struct ValueOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("as"),
        help: ArgumentHelp("Read the body as: \(SerializerKind.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "kind"))
    public var kind: SerializerKind?

    @Flag(name: .customLong("remove-nulls"), help: "Drop object keys whose value is null, recursively (JSON).")
    public var removeNulls = false

    @Flag(name: .customLong("hex"), help: "Print the body as a hex dump (offset, 16 bytes, ASCII).")
    public var hex = false

    public init() {}
}
