import FerryCore
import Yams

/// `body: grpc: {message | messages, protoset}` in a request file: one message (a mapping) or a
/// list of them, and one descriptor set or a list (relative to the collection's folder).
extension GRPCBody {
    init(yaml node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        self.init()
        let fields = try file.fields(of: node, key: key, allowed: ["message", "messages", "protoset"])
        if fields.contains(where: { $0.key == "message" }), fields.contains(where: { $0.key == "messages" }) {
            throw file.problem(at: node, key: key, "give message (one) or messages (a list), not both")
        }
        for (field, _, value) in fields {
            let path = "\(key).\(field)"
            switch field {
            case "message": messages = [try Self.message(value, key: path, in: file)]
            case "messages":
                messages = try file.items(of: value, key: path).enumerated().map { index, item throws(ConfigProblem) in
                    try Self.message(item, key: "\(path)[\(index)]", in: file)
                }
            default: protosets = value.sequence != nil ? try file.strings(value, key: path) : [try file.string(value, key: path)]
            }
        }
    }

    /// A message is a mapping (JSON is YAML), or a JSON object written as text.
    private static func message(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> Parameters {
        let value = try file.parameters(node, key: key)
        guard case .object = value else { throw file.problem(at: node, key: key, "expected a message: a mapping of its fields") }
        return value
    }

    /// The mapping written under `grpc:`.
    var yamlNode: Node {
        var pairs: [(String, Node)] = []
        if messages.count == 1 {
            pairs.append(("message", .parameters(messages[0])))
        } else if !messages.isEmpty {
            pairs.append(("messages", .list(messages.map(Node.parameters))))
        }
        if protosets.count == 1 { pairs.append(("protoset", .text(protosets[0]))) }
        if protosets.count > 1 { pairs.append(("protoset", .list(protosets.map(Node.text)))) }
        return .map(pairs)
    }
}
