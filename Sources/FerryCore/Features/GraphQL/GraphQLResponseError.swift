import Foundation

/// One entry of the `errors` of a GraphQL response (GraphQL over HTTP): its message, the path of
/// the field that failed, and where in the query it is.
public struct GraphQLResponseError: Sendable, Hashable, Codable {
    public var message: String
    /// The response path (`user.friends[0].name`); nil when the error names none.
    public var path: String?
    /// `line:column` of each location in the query.
    public var locations: [String]

    public init(message: String, path: String? = nil, locations: [String] = []) {
        self.message = message
        self.path = path
        self.locations = locations
    }

    /// The largest body searched for `errors`; a bigger one is left to the Tree and Raw tabs.
    public static let searchLimit = 16 << 20

    /// The errors of `body` when it is a JSON object with a non-empty `errors` array; else none.
    public static func errors(in body: Data) -> [GraphQLResponseError] {
        guard body.count <= searchLimit,
              let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let entries = object["errors"] as? [Any] else { return [] }
        return entries.map { entry in
            guard let fields = entry as? [String: Any] else { return GraphQLResponseError(message: "\(entry)") }
            let locations = (fields["locations"] as? [[String: Any]] ?? []).compactMap { location -> String? in
                guard let line = location["line"] as? Int, let column = location["column"] as? Int else { return nil }
                return "\(line):\(column)"
            }
            return GraphQLResponseError(message: fields["message"] as? String ?? "(no message)",
                                        path: (fields["path"] as? [Any]).flatMap { $0.isEmpty ? nil : Self.pathText($0) }, locations: locations)
        }
    }

    /// The line a person reads: the message, then where.
    public var summary: String {
        var places: [String] = []
        if let path { places.append("path \(path)") }
        if !locations.isEmpty { places.append("at " + locations.joined(separator: ", ")) }
        return places.isEmpty ? message : "\(message) (\(places.joined(separator: "; ")))"
    }

    private static func pathText(_ elements: [Any]) -> String {
        elements.reduce(into: "") { text, element in
            if let index = element as? Int { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + "\(element)" }
        }
    }
}
