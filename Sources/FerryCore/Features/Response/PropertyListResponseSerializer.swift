import Foundation

/// The body as a property-list document, XML or binary, read by Ferry's own `PropertyListParser`.
public struct PropertyListResponseSerializer: ResponseSerializer {
    public let name = "plist"
    public let acceptableContentTypes = ["application/x-plist"]

    public init() {}

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        return .document(try parsedDocument(input, format: "property list", PropertyListParser.parse))
    }
}
