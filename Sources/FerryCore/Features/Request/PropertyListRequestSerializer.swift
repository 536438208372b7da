import Foundation

/// Writes `Parameters` as a property list (XML or binary) with Foundation's
/// `PropertyListSerialization`. Null, and integers beyond 64 bits, cannot be represented and are
/// `unencodableValue` with their path. (The OpenStep format is not offered: Foundation traps on it on Linux.)
public struct PropertyListRequestSerializer: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case xml, binary
    }

    public var format: Format

    public init(format: Format = .xml) { self.format = format }

    public func serialize(_ parameters: Parameters) throws -> Data {
        let root = try Self.propertyList(parameters, path: "$")
        do {
            return try PropertyListSerialization.data(fromPropertyList: root, format: format == .xml ? .xml : .binary, options: 0)
        } catch {
            throw FerryError.requestSerializationFailed(reason: .encodingFailed(format: "property list", error: error))
        }
    }

    private static func propertyList(_ value: Parameters, path: String) throws -> Any {
        switch value {
        case .object(let entries):
            var dictionary: [String: Any] = [:]
            for entry in entries { dictionary[entry.key] = try propertyList(entry.value, path: "\(path).\(entry.key)") }
            return dictionary
        case .array(let items):
            return try items.enumerated().map { try propertyList($1, path: "\(path)[\($0)]") }
        case .string(let text):
            return text
        case .number(let text):
            if let integer = Int(text) { return integer }
            let isInteger = text.allSatisfy { $0.isNumber || $0 == "-" }
            guard !isInteger, let real = Double(text) else {
                throw FerryError.requestSerializationFailed(reason: .unencodableValue(path: path, value: text, format: "property list"))
            }
            return real
        case .bool(let flag):
            return flag
        case .null:
            throw FerryError.requestSerializationFailed(reason: .unencodableValue(path: path, value: "null", format: "property list"))
        }
    }
}
