import FerryCore
import Foundation
import Yams

/// Building nodes for files Ferry writes: strings quoted only when they would read back as
/// something else, multi-line text as literal blocks, keys in the order given.
extension Node {
    /// A text scalar that reads back as the same text.
    package static func text(_ string: String) -> Node {
        let style: Scalar.Style
        if string.contains("\n") {
            style =
                string.hasSuffix("\n") && !string.hasPrefix(" ") && !string.contains("\r") && !string.contains("\t")
                ? .literal : .doubleQuoted
        } else if case .string = parameter(Scalar(string, Tag(.str), .plain)), !looksTyped(string) {
            style = .any
        } else {
            style = .doubleQuoted
        }
        return .scalar(Scalar(string, Tag(.str), style))
    }

    /// True for `[-+]?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`, scanned by hand (a regular
    /// expression here cost a tenth of a collection's load time).
    static func isNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let first = bytes.first
        let integer = digits()
        guard integer > 0, integer == 1 || first != UInt8(ascii: "0") else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// True for text another YAML reader might take for a number, boolean or null (YAML 1.1's `yes`, `0x1f`, `.5`).
    private static func looksTyped(_ string: String) -> Bool {
        guard let first = string.first else { return true }
        return first.isNumber || "+-.".contains(first) || string.trimmingCharacters(in: .whitespaces) != string
            || ["yes", "no", "on", "off", "y", "n"].contains(string.lowercased())
    }

    /// A plain scalar written as is (a number or a boolean).
    package static func plain(_ string: String) -> Node { .scalar(Scalar(string, Tag(.str), .plain)) }

    /// A block mapping of the pairs, in order.
    package static func map(_ pairs: [(String, Node)]) -> Node {
        .mapping(Mapping(pairs.map { (Node.text($0.0), $0.1) }, Tag(.map), .block))
    }

    /// A block list.
    package static func list(_ items: [Node]) -> Node { .sequence(Sequence(items, Tag(.seq), .block)) }

    /// The node for a parameter tree (the inverse of `YAMLFile.parameters`).
    package static func parameters(_ value: Parameters) -> Node {
        switch value {
        case .object(let members):
            members.isEmpty ? .mapping(Mapping([], Tag(.map), .flow)) : map(members.map { ($0.key, parameters($0.value)) })
        case .array(let items): items.isEmpty ? .sequence(Sequence([], Tag(.seq), .flow)) : list(items.map(parameters))
        case .string(let string): text(string)
        case .number(let number): plain(number)
        case .bool(let flag): plain(flag ? "true" : "false")
        case .null: plain("null")
        }
    }

    /// What a scalar means as a parameter: plain YAML 1.2 core numbers, booleans and null; text otherwise.
    package static func parameter(_ scalar: Scalar) -> Parameters {
        guard scalar.style == .plain || scalar.style == .any else { return .string(scalar.string) }
        let text = scalar.string
        switch text {
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case "", "~", "null", "Null", "NULL": return .null
        default:
            return isNumber(text) ? .number(text) : .string(text)
        }
    }
}
