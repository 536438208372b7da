import FerryCore
import Foundation

/// A response text with request values in it: `{{request.path.id}}`, `{{request.query.x}}`,
/// `{{request.headers.x}}`, `{{request.body.$.name}}` (JSONPath), `{{request.method}}`,
/// `{{request.path}}`. Inserted into a JSON body, a value is escaped as inside a JSON string.
public struct MockTemplate: Sendable {
    public let template: Template

    public init(_ text: String) { template = Template(text) }

    /// The names that are not request values (warned about at start; rendered empty).
    public var unknownNames: [String] {
        template.variableNames.filter { name in
            name == "request.method" || name == "request.path" || name == "request.url"
                ? false
                : !["request.path.", "request.query.", "request.headers.", "request.body"].contains { name.hasPrefix($0) }
        }
    }

    /// The text with the values of `request`, whose path parameters are `parameters`.
    public func render(_ request: MockRequest, parameters: [(name: String, value: String)], json: Bool) -> String {
        var body: Document?
        var output = ""
        for piece in template.pieces {
            switch piece {
            case .text(let text): output += text
            case .variable(let name):
                let value = Self.value(of: name, in: request, parameters: parameters, body: &body) ?? ""
                if json {
                    output += String(JSONStringLiteral.make(value).dropFirst().dropLast())
                } else {
                    output += value
                }
            }
        }
        return output
    }

    private static func value(
        of name: String, in request: MockRequest, parameters: [(name: String, value: String)], body: inout Document?
    ) -> String? {
        switch name {
        case "request.method": return request.method
        case "request.path", "request.url": return request.path
        case "request.body": return String(decoding: request.body, as: UTF8.self)
        default: break
        }
        if let key = name.dropping(prefix: "request.path.") { return parameters.first { $0.name == key }?.value }
        if let key = name.dropping(prefix: "request.query.") { return request.queryValue(key) }
        if let key = name.dropping(prefix: "request.headers.") { return request.header(key) }
        guard let path = name.dropping(prefix: "request.body."), let query = try? JSONPathQuery(path) else { return nil }
        if body == nil { body = try? JSONParser.parse(Data(request.body)) }
        guard let document = body, let node = query.select(in: document).first else { return nil }
        return document.kind(of: node) == .string ? document.value(of: node) : document.literal(of: node)
    }
}

extension String {
    func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
