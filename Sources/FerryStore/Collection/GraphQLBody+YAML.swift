import FerryCore
import Yams

/// `body: graphql: {query, variables, operationName, get}` in a request file. `variables` is JSON
/// text (a block scalar reads well) or a YAML mapping, which is kept as the JSON it stands for.
extension GraphQLBody {
    init(yaml node: Node, key: String, in file: YAMLFile) throws(ConfigProblem) {
        self.init(query: "")
        var query: String?
        for (field, _, value) in try file.fields(of: node, key: key, allowed: ["query", "variables", "operationName", "get"]) {
            let path = "\(key).\(field)"
            switch field {
            case "query": query = try file.string(value, key: path)
            case "operationName": operationName = try file.string(value, key: path)
            case "get": usesGET = try file.bool(value, key: path)
            default:
                if case .mapping = value {
                    let parameters = try file.parameters(value, key: path)
                    variables = (try? JSONRequestSerializer(pretty: true).serialize(parameters)).map { String(decoding: $0, as: UTF8.self) }
                } else {
                    variables = try file.string(value, key: path)
                }
            }
        }
        guard let query else { throw file.problem(at: node, key: key, "a GraphQL body needs a query") }
        self.query = query
    }

    /// The mapping written under `graphql:`; the query and the variables as text.
    var yamlNode: Node {
        var pairs: [(String, Node)] = [("query", .text(query))]
        if let variables, !variables.isEmpty { pairs.append(("variables", .text(variables))) }
        if let operationName, !operationName.isEmpty { pairs.append(("operationName", .text(operationName))) }
        if usesGET { pairs.append(("get", .plain("true"))) }
        return .map(pairs)
    }
}
