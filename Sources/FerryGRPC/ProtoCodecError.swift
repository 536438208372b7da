/// Why bytes or JSON could not be turned into a message (or a schema read), located where it can be:
/// the field path (`routeguide.Feature.location.latitude`) and the byte offset in the message, or
/// the JSON pointer and offset of the JSON text.
public struct ProtoCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problem: String
    /// `Message.field.field…` for binary input, a JSON pointer for JSON input.
    public var path: String?
    /// Byte offset in the input where the problem starts.
    public var offset: Int?

    public init(_ problem: String, path: String? = nil, offset: Int? = nil) {
        self.problem = problem
        self.path = path
        self.offset = offset
    }

    public var description: String {
        var located: [String] = []
        if let path { located.append(path.isEmpty ? "at the top" : "at \(path)") }
        if let offset { located.append("byte \(offset)") }
        return located.isEmpty ? problem : "\(problem) (\(located.joined(separator: ", ")))"
    }
}
