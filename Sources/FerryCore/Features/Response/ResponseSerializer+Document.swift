import Foundation

extension ResponseSerializer {
    /// The body parsed by `parse`; a parse error becomes `parseFailed` wrapping what validation found.
    func parsedDocument(_ input: ResponseInput, format: String, _ parse: (Data) throws(DocumentParseError) -> Document) throws -> Document {
        do {
            return try parse(input.bytes)
        } catch {
            throw FerryError.responseSerializationFailed(
                reason: .parseFailed(format: format, error: error, underlying: input.validationError))
        }
    }
}
