import Foundation

extension FerryError {
    /// Why no token could be had for an OAuth 2.0 request: nothing was sent to the API.
    public indirect enum AuthenticationFailureReason: Sendable {
        /// The token endpoint answered with an RFC 6749 §5.2 error.
        case tokenRefused(endpoint: String, grant: String, status: Int, error: String, description: String?, uri: String?)
        /// The token endpoint's answer held no usable token.
        case tokenUnreadable(endpoint: String, status: Int, problem: String)
        /// The token request could not be exchanged (the transport's failure is underneath).
        case tokenRequestFailed(endpoint: String, underlying: FerryError)
        /// The browser step of the authorization code grant did not bring a code: the server's
        /// `error` on the redirect, a wrong `state`, or no answer in time.
        case authorizationFailed(problem: String, error: String?, description: String?)

        var underlyingError: (any Error & Sendable)? {
            if case .tokenRequestFailed(_, let underlying) = self { return underlying }
            return nil
        }

        var link: ErrorLink {
            switch self {
            case .tokenRefused(let endpoint, let grant, let status, let error, let description, let uri):
                ErrorLink(
                    stage: "auth", reason: "tokenRefused",
                    message: "the OAuth 2.0 token endpoint refused the \(grant.replacingOccurrences(of: "_", with: " ")) grant: \(error)"
                        + (description.map { " (\($0))" } ?? ""),
                    details: [.init("endpoint", endpoint), .init("status", "\(status)"), .init("error", error)]
                        + (uri.map { [.init("see", $0)] } ?? []))
            case .tokenUnreadable(let endpoint, let status, let problem):
                ErrorLink(
                    stage: "auth", reason: "tokenUnreadable", message: "no OAuth 2.0 token: \(problem)",
                    details: [.init("endpoint", endpoint), .init("status", "\(status)")])
            case .tokenRequestFailed(let endpoint, _):
                ErrorLink(
                    stage: "auth", reason: "tokenRequestFailed", message: "the OAuth 2.0 token request failed",
                    details: [.init("endpoint", endpoint)])
            case .authorizationFailed(let problem, let error, let description):
                ErrorLink(
                    stage: "auth", reason: "authorizationFailed", message: "the OAuth 2.0 authorization failed: \(problem)",
                    details: (error.map { [.init("error", $0)] } ?? []) + (description.map { [.init("description", $0)] } ?? []))
            }
        }
    }
}
