import Foundation

/// A parameter's or header's text as the JSON value its schema describes (OpenAPI's `simple` and
/// `form` styles): a number where `integer` or `number` is declared and the text is one, `true`
/// and `false` for `boolean`, an array of the values (or of a comma-separated value's items) for
/// `array`, a string otherwise.
enum ContractValue {
    /// `values` as the JSON `parameter`'s schema describes.
    static func json(_ values: [String], of parameter: ContractParameter) -> String {
        guard parameter.valueType == "array" else { return scalar(values.first ?? "", type: parameter.valueType) }
        let parts = values.count == 1 ? values[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : values
        return "[" + parts.map { scalar($0, type: parameter.itemsType) }.joined(separator: ",") + "]"
    }

    private static func scalar(_ text: String, type: String?) -> String {
        switch type {
        case "integer", "number": isJSONNumber(text) ? text : JSONStringLiteral.make(text)
        case "boolean": text == "true" || text == "false" ? text : JSONStringLiteral.make(text)
        default: JSONStringLiteral.make(text)
        }
    }

    /// True when `text` is a JSON number as written (`42`, `-1.5e3`; not `0042` or `+1`).
    private static func isJSONNumber(_ text: String) -> Bool {
        (try? JSONParser.parse(Data(text.utf8))).map { $0.kind(of: $0.root) == .number } ?? false
    }

    /// The `type` of the schema at `node` (the first of a list, leaving out `null`), through its `$ref`s.
    static func type(of node: NodeID?, in reader: ContractReader) -> String? {
        guard let node else { return nil }
        let document = reader.document
        guard let type = document.member("type", of: reader.follow(node)) else { return nil }
        if let single = document.string(at: type) { return single }
        return document.children(of: type).compactMap { document.string(at: $0) }.first { $0 != "null" }
    }
}
