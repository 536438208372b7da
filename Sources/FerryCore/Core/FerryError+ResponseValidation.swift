import Foundation

extension FerryError {
    /// Why a response was not accepted. As in AFNetworking, a status-code failure wraps a
    /// content-type failure found first, so the chain reads outward → inward.
    public indirect enum ResponseValidationReason: Sendable {
        case unacceptableContentType(received: String?, acceptable: [String])
        case unacceptableStatusCode(code: Int, reason: String, acceptable: String, underlying: FerryError?)

        var underlyingError: (any Error)? {
            if case .unacceptableStatusCode(_, _, _, let underlying) = self { return underlying }
            return nil
        }

        var link: ErrorLink {
            switch self {
            case .unacceptableContentType(let received, let acceptable):
                ErrorLink(stage: "validation", reason: "unacceptableContentType",
                          message: "the response's content type is not acceptable",
                          details: [.init("received", received ?? "(none)"), .init("acceptable", acceptable.joined(separator: ", "))])
            case .unacceptableStatusCode(let code, let reason, let acceptable, _):
                ErrorLink(stage: "validation", reason: "unacceptableStatusCode",
                          message: "the response's status code is not acceptable",
                          details: [.init("status", "\(code) \(reason)".trimmingCharacters(in: .whitespaces)), .init("acceptable", acceptable)])
            }
        }
    }
}
