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
    /// Read with Ferry's own parser (a node table), so memory stays near the body's size.
    public static func errors(in body: Data) -> [GraphQLResponseError] {
        guard body.count <= searchLimit, let document = try? JSONParser.parse(body) else { return [] }
        let members = JSONMembers(document: document)
        return members.items("errors", of: document.root).map { entry in
            guard document.kind(of: entry) == .object else { return GraphQLResponseError(message: document.literal(of: entry)) }
            let locations = members.items("locations", of: entry).compactMap { location -> String? in
                guard let line = members.member("line", of: location).flatMap(document.value(of:)),
                    let column = members.member("column", of: location).flatMap(document.value(of:))
                else { return nil }
                return "\(line):\(column)"
            }
            let path = members.items("path", of: entry).map { element in
                document.kind(of: element) == .number ? "[\(document.literal(of: element))]" : (document.value(of: element) ?? "")
            }
            return GraphQLResponseError(
                message: members.string("message", of: entry) ?? "(no message)",
                path: path.isEmpty ? nil : Self.pathText(path), locations: locations)
        }
    }

    /// The line a person reads: the message, then where.
    public var summary: String {
        var places: [String] = []
        if let path { places.append("path \(path)") }
        if !locations.isEmpty { places.append("at " + locations.joined(separator: ", ")) }
        return places.isEmpty ? message : "\(message) (\(places.joined(separator: "; ")))"
    }

    /// `user`, `friends`, `[0]`, `name` as `user.friends[0].name`.
    private static func pathText(_ elements: [String]) -> String {
        elements.reduce(into: "") { text, element in
            text += element.hasPrefix("[") || text.isEmpty ? element : "." + element
        }
    }
}
