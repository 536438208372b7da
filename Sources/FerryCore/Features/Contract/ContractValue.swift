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

    /// True when `text` is a JSON number as written (`42`, `-1.5e3`; not `0042` or `+1`), white space
    /// around it allowed as JSON allows it: RFC 8259's grammar read on the bytes, with no parse.
    static func isJSONNumber(_ text: String) -> Bool {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var bytes = Substring(text).utf8.drop(while: isSpace)
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, isDigit(first) else { return false }
        let whole = bytes.prefix(while: isDigit)
        guard first != UInt8(ascii: "0") || whole.count == 1 else { return false }
        bytes = bytes.dropFirst(whole.count)
        if bytes.first == UInt8(ascii: ".") {
            let fraction = bytes.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        if let marker = bytes.first, marker | 0x20 == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponent = bytes.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            bytes = bytes.dropFirst(exponent.count)
        }
        return bytes.isEmpty
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
