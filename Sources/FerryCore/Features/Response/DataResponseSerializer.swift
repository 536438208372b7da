import Foundation

/// The body as it is: bytes, empty or not.
public struct DataResponseSerializer: ResponseSerializer {
    public let name = "data"
    public let acceptableContentTypes = ["*/*"]

    public init() {}

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        input.bytes.isEmpty ? .empty : .data(input.bytes)
    }
}
