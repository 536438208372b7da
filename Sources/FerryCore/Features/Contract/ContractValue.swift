import Foundation

/// A parameter's or header's text as the JSON value its schema describes (OpenAPI's `simple` and
/// `form` styles): a number where `integer` or `number` is declared and the text is one, `true`
/// and `false` for `boolean`, an array of the values (or of a comma-separated value's items) for
/// `array`, a string otherwise.
enum ContractValue {
    static func json(_ values: [String], schema pointer: String, in document: Document) -> String {
        let schema = ContractReader(document: document, name: "").node(at: pointer)
        guard let schema, type(of: schema, in: document) == "array" else { return scalar(values.first ?? "", schema: schema, in: document) }
        let items = document.member("items", of: schema).map { ContractReader(document: document, name: "").follow($0) }
        let parts = values.count == 1 ? values[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : values
        return "[" + parts.map { scalar($0, schema: items, in: document) }.joined(separator: ",") + "]"
    }

    private static func scalar(_ text: String, schema: NodeID?, in document: Document) -> String {
        switch schema.flatMap({ type(of: $0, in: document) }) {
        case "integer", "number": isJSONNumber(text) ? text : JSONStringLiteral.make(text)
        case "boolean": text == "true" || text == "false" ? text : JSONStringLiteral.make(text)
        default: JSONStringLiteral.make(text)
        }
    }

    /// True when `text` is a JSON number as written (`42`, `-1.5e3`; not `0042` or `+1`).
    private static func isJSONNumber(_ text: String) -> Bool {
        (try? JSONParser.parse(Data(text.utf8))).map { $0.kind(of: $0.root) == .number } ?? false
    }

    /// The schema's `type` (the first one of a list, leaving out `null`), through its `$ref`s.
    private static func type(of schema: NodeID, in document: Document) -> String? {
        let node = ContractReader(document: document, name: "").follow(schema)
        guard let type = document.member("type", of: node) else { return nil }
        if let single = document.string(at: type) { return single }
        return document.children(of: type).compactMap { document.string(at: $0) }.first { $0 != "null" }
    }
}
