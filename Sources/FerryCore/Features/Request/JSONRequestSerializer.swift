import Foundation

/// Writes `Parameters` as JSON, keys in the order given, compact or pretty (two-space indent).
/// Numbers are written as they were given; NaN and infinity are `unencodableValue` with their path.
public struct JSONRequestSerializer: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = false) { self.pretty = pretty }

    public func serialize(_ parameters: Parameters) throws -> Data {
        var output = ""
        try write(parameters, path: "$", depth: 0, into: &output)
        return Data(output.utf8)
    }

    private func write(_ value: Parameters, path: String, depth: Int, into output: inout String) throws {
        switch value {
        case .object(let entries):
            try writeContainer("{", "}", entries, depth: depth, into: &output) { entry, output in
                JSONStringLiteral.append(entry.key, to: &output)
                output += pretty ? ": " : ":"
                try write(entry.value, path: "\(path).\(entry.key)", depth: depth + 1, into: &output)
            }
        case .array(let items):
            try writeContainer("[", "]", Array(items.enumerated()), depth: depth, into: &output) { item, output in
                try write(item.element, path: "\(path)[\(item.offset)]", depth: depth + 1, into: &output)
            }
        case .string(let text):
            JSONStringLiteral.append(text, to: &output)
        case .number(let text):
            guard value.isFiniteNumber else {
                throw FerryError.requestSerializationFailed(reason: .unencodableValue(path: path, value: text, format: "JSON"))
            }
            output += text
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    private func writeContainer<Element>(
        _ open: String, _ close: String, _ elements: [Element], depth: Int, into output: inout String,
        element: (Element, inout String) throws -> Void
    ) throws {
        output += open
        guard !elements.isEmpty else { output += close; return }
        let inner = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
        for (index, item) in elements.enumerated() {
            output += index == 0 ? inner : "," + inner
            try element(item, &output)
        }
        output += pretty ? "\n" + String(repeating: "  ", count: depth) + close : close
    }
}
