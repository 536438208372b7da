import FerryCore
import Yams

/// `body: grpc: {message | messages, protoset, proto, importPaths, web}` in a request file: one
/// message (a mapping) or a list of them; descriptor sets, `.proto` files and their import paths
/// (each one or a list, relative to the collection's folder); `web: binary | text` for gRPC-Web;
/// `compression: gzip | deflate` for compressed request messages.
extension GRPCBody {
    init(yaml node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        self.init()
        let fields = try file.fields(
            of: node, key: key, allowed: ["message", "messages", "protoset", "proto", "importPaths", "web", "compression"])
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
            case "protoset": protosets = try Self.paths(value, key: path, in: file)
            case "proto": protoFiles = try Self.paths(value, key: path, in: file)
            case "importPaths": importPaths = try Self.paths(value, key: path, in: file)
            case "compression":
                guard let compression = GRPCCompression(rawValue: try file.string(value, key: path)) else {
                    throw file.problem(at: value, key: path, "expected gzip or deflate")
                }
                self.compression = compression
            default:
                guard let form = GRPCWebForm(rawValue: try file.string(value, key: path)) else {
                    throw file.problem(at: value, key: path, "expected binary or text (gRPC-Web's two forms)")
                }
                web = form
            }
        }
    }

    /// One path or a list of them.
    private static func paths(_ node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) -> [String] {
        node.sequence != nil ? try file.strings(node, key: key) : [try file.string(node, key: key)]
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
        for (key, paths) in [("protoset", protosets), ("proto", protoFiles), ("importPaths", importPaths)] where !paths.isEmpty {
            pairs.append((key, paths.count == 1 ? .text(paths[0]) : .list(paths.map(Node.text))))
        }
        if let web { pairs.append(("web", .text(web.rawValue))) }
        if let compression { pairs.append(("compression", .text(compression.rawValue))) }
        return .map(pairs)
    }
}
