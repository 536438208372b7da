import Foundation

extension FerryError {
    /// Why a response was not accepted. As in AFNetworking, a status-code failure wraps a
    /// content-type failure found first, so the chain reads outward → inward.
    public indirect enum ResponseValidationReason: Sendable {
        case unacceptableContentType(received: String?, acceptable: [String])
        case unacceptableStatusCode(code: Int, reason: String, acceptable: String, underlying: FerryError?)
        /// A GraphQL response carried `errors` (a 200 answer may): they wrap what validation found.
        case graphQLErrors([GraphQLResponseError], underlying: FerryError?)

        var underlyingError: (any Error)? {
            switch self {
            case .unacceptableStatusCode(_, _, _, let underlying), .graphQLErrors(_, let underlying): underlying
            case .unacceptableContentType: nil
            }
        }

        var link: ErrorLink {
            switch self {
            case .unacceptableContentType(let received, let acceptable):
                ErrorLink(
                    stage: "validation", reason: "unacceptableContentType",
                    message: "the response's content type is not acceptable",
                    details: [.init("received", received ?? "(none)"), .init("acceptable", acceptable.joined(separator: ", "))])
            case .unacceptableStatusCode(let code, let reason, let acceptable, _):
                ErrorLink(
                    stage: "validation", reason: "unacceptableStatusCode",
                    message: "the response's status code is not acceptable",
                    details: [.init("status", "\(code) \(reason)".trimmingCharacters(in: .whitespaces)), .init("acceptable", acceptable)])
            case .graphQLErrors(let errors, _):
                ErrorLink(
                    stage: "validation", reason: "graphQLErrors",
                    message: errors.count == 1
                        ? "the GraphQL response holds an error" : "the GraphQL response holds \(errors.count) errors",
                    details: errors.enumerated().map { .init("error \($0.offset + 1)", $0.element.summary) })
            }
        }
    }
}
