import Foundation

/// Image metadata from the body's header: format, pixel size, colour depth and frame count.
public struct ImageResponseSerializer: ResponseSerializer {
    public let name = "image"
    public let acceptableContentTypes = ["image/*", "application/octet-stream"]

    public init() {}

    public func serialize(_ input: ResponseInput) throws -> SerializedValue {
        if let empty = try emptyValue(for: input) { return empty }
        do {
            return .image(try ImageInfo.read(input.bytes))
        } catch {
            throw FerryError.responseSerializationFailed(
                reason: .unrecognizedImage(problem: error.message, underlying: input.validationError))
        }
    }
}
