import Foundation

/// The body as an ordered JSON document, parsed by Ferry's own `JSONParser`.
public struct JSONResponseSerializer: ResponseSerializer {
    public let name = "json"
    public let acceptableContentTypes = ["application/json", "text/json", "text/javascript", "*/*+json"]
    /// Accept a scalar at the top (`42`, `"ok"`), as RFC 8259 and Alamofire do; off, only an
    /// object or an array is accepted (AFNetworking's default).
    public var allowFragments: Bool
    /// Drop object members whose value is `null`, at every depth.
    public var removeNullValues: Bool

    public init(allowFragments: Bool = true, removeNullValues: Bool = false) {
        self.allowFragments = allowFragments
        self.removeNullValues = removeNullValues
    }

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        if input.bytes.count == 1, input.bytes.first == UInt8(ascii: " ") { return .empty }  // Rails' `head :ok`
        let document = try parsedDocument(input, format: "JSON") { bytes throws(DocumentParseError) in
            try JSONParser.parse(bytes, releasingPages: input.bytesAreMapping)
        }
        let root = document.root
        if !allowFragments, !document.kind(of: root).isContainer {
            let problem = input.bytes.withUnsafeBytes { raw in
                DocumentParseError(
                    locating: document.byteRange(of: root).lowerBound, in: raw.bindMemory(to: UInt8.self),
                    message: "a \(document.kind(of: root)) at the top (fragments are not allowed)", expected: "an object or an array")
            }
            throw FerryError.responseSerializationFailed(
                reason: .parseFailed(format: "JSON", error: problem, underlying: input.validationError))
        }
        return .document(removeNullValues ? document.removingNullMembers() : document)
    }
}
