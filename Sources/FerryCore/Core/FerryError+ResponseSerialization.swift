import Foundation

extension FerryError {
    /// Why a response body could not become the value asked for. It wraps what validation
    /// found (if anything), as AFNetworking's serializers do.
    public indirect enum ResponseSerializationReason: Sendable {
        /// The body was empty and the serializer does not accept that for this status or method.
        case inputEmpty(underlying: FerryError?)
        case unknownCharset(String, underlying: FerryError?)
        /// Bytes that are not valid in the charset; `offset` is the first bad byte.
        case stringDecodingFailed(charset: String, offset: Int, underlying: FerryError?)
        /// The body is not a well-formed document of `format` ("JSON", "XML", "property list").
        case parseFailed(format: String, error: DocumentParseError, underlying: FerryError?)
        /// The body is not an image format Ferry recognises, or its header is damaged.
        case unrecognizedImage(problem: String, underlying: FerryError?)
        /// Every serializer of a compound serializer failed; the last failure is underneath.
        case noSerializerSucceeded(tried: [String], underlying: FerryError?)

        var underlyingError: (any Error)? {
            switch self {
            case .inputEmpty(let underlying), .unknownCharset(_, let underlying), .stringDecodingFailed(_, _, let underlying),
                .parseFailed(_, _, let underlying), .unrecognizedImage(_, let underlying), .noSerializerSucceeded(_, let underlying):
                underlying
            }
        }

        var link: ErrorLink {
            let stage = "serialization"
            switch self {
            case .inputEmpty:
                return ErrorLink(stage: stage, reason: "inputEmpty", message: "the response body is empty")
            case .unknownCharset(let charset, _):
                return ErrorLink(
                    stage: stage, reason: "unknownCharset", message: "the charset is not supported", details: [.init("charset", charset)])
            case .stringDecodingFailed(let charset, let offset, _):
                return ErrorLink(
                    stage: stage, reason: "stringDecodingFailed", message: "the body is not valid \(charset)",
                    details: [.init("charset", charset), .init("offset", "\(offset)")])
            case .parseFailed(let format, let error, _):
                var details: [ErrorLink.Detail] = [
                    .init("offset", "\(error.offset)"), .init("line", "\(error.line)"), .init("column", "\(error.column)"),
                ]
                if let expected = error.expected { details.append(.init("expected", expected)) }
                if !error.excerpt.isEmpty { details.append(.init("excerpt", error.excerpt)) }
                return ErrorLink(stage: stage, reason: "parseFailed", message: "invalid \(format): \(error.message)", details: details)
            case .unrecognizedImage(let problem, _):
                return ErrorLink(stage: stage, reason: "unrecognizedImage", message: "not a recognised image: \(problem)")
            case .noSerializerSucceeded(let tried, _):
                return ErrorLink(
                    stage: stage, reason: "noSerializerSucceeded", message: "no serializer could read the body",
                    details: [.init("tried", tried.joined(separator: ", "))])
            }
        }
    }
}
