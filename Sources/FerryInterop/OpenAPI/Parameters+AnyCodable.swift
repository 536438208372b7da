import FerryCore
import Foundation
import OpenAPIKit

extension Parameters {
    /// A value OpenAPIKit decoded from an `example`, `default` or `enum`. Its objects come as
    /// dictionaries, whose order is lost: keys are sorted so every import writes the same file.
    init(openAPI value: Any) {
        switch value {
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .number(int)
        case let uint as UInt: self = .number(String(uint))
        case let double as Double: self = .number(double)
        case let string as String: self = .string(string)
        case let codable as AnyCodable: self.init(openAPI: codable.value)
        case let array as [Any]: self = .array(array.map { Parameters(openAPI: $0) })
        case let object as [String: Any]:
            self = .object(object.keys.sorted().map { (key: $0, value: Parameters(openAPI: object[$0]!)) })
        default: self = .null
        }
    }

    /// The value as a query, header or path value: scalars as written, anything else as compact JSON.
    var plainText: String {
        switch self {
        case .string(let text), .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: ""
        case .object, .array: jsonText(pretty: false)
        }
    }

    /// JSON text, keys in their order.
    func jsonText(pretty: Bool) -> String {
        (try? JSONRequestSerializer(pretty: pretty).serialize(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
