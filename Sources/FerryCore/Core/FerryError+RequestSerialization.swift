import Foundation

extension FerryError {
    /// Why parameters or a body could not be encoded. Nothing is sent when this happens.
    public enum RequestSerializationReason: Sendable {
        /// A value the format cannot represent (NaN or infinity in JSON, null in a property list…).
        case unencodableValue(path: String, value: String, format: String)
        /// The encoder itself failed.
        case encodingFailed(format: String, error: any Error)
        /// The parameters given are not usable (e.g. `--params-json` is not a JSON object).
        case invalidParameters(problem: String)
        /// A relative URL could not be resolved against the base URL.
        case unresolvableURL(url: String, base: String)
        /// A GraphQL query is not a valid GraphQL document; `line` and `column` are 1-based.
        case invalidGraphQL(message: String, line: Int, column: Int)

        var underlyingError: (any Error)? {
            if case .encodingFailed(_, let error) = self { return error }
            return nil
        }

        var link: ErrorLink {
            switch self {
            case .unencodableValue(let path, let value, let format):
                ErrorLink(
                    stage: "request-serialization", reason: "unencodableValue", message: "\(format) cannot encode \(value)",
                    details: [.init("path", path), .init("format", format)])
            case .encodingFailed(let format, _):
                ErrorLink(
                    stage: "request-serialization", reason: "encodingFailed", message: "the \(format) body could not be encoded",
                    details: [.init("format", format)])
            case .invalidParameters(let problem):
                ErrorLink(stage: "request-serialization", reason: "invalidParameters", message: "the parameters are not usable: \(problem)")
            case .unresolvableURL(let url, let base):
                ErrorLink(
                    stage: "request-serialization", reason: "unresolvableURL",
                    message: "the URL could not be resolved against the base URL",
                    details: [.init("url", url), .init("base", base)])
            case .invalidGraphQL(let message, let line, let column):
                ErrorLink(
                    stage: "request-serialization", reason: "invalidGraphQL",
                    message: "the GraphQL query is not valid at line \(line), column \(column): \(message); nothing was sent",
                    details: [.init("line", "\(line)"), .init("column", "\(column)")])
            }
        }
    }
}
