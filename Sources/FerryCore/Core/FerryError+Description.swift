import Foundation

/// What the user reads for each case: kept apart from the cases themselves, as in AFError.
extension FerryError: LocalizedError, CustomStringConvertible {
    public var errorDescription: String? { link.message }
    public var description: String { ErrorChain(self).rendered }

    /// This error alone, as one link of a chain.
    public var link: ErrorLink {
        switch self {
        case .invalidRequest(let reason):
            return reason.link
        case .transportFailed(let reason):
            return reason.link
        case .requestSerializationFailed(let reason):
            return reason.link
        case .multipartEncodingFailed(let reason):
            return reason.link
        case .responseValidationFailed(let reason):
            return reason.link
        case .responseSerializationFailed(let reason):
            return reason.link
        case .localFile(let reason):
            return reason.link
        case .authenticationFailed(let reason):
            return reason.link
        case .explicitlyCancelled:
            return ErrorLink(stage: "cancelled", reason: "explicitlyCancelled", message: "the request was cancelled")
        }
    }
}

extension FerryError.InvalidRequestReason {
    var link: ErrorLink {
        switch self {
        case .malformedURL(let url, let problem):
            ErrorLink(stage: "request", reason: "malformedURL", message: "malformed URL: \(problem)", details: [.init("url", url)])
        case .unsupportedScheme(let scheme):
            ErrorLink(
                stage: "request", reason: "unsupportedScheme", message: "only http, https, ws and wss URLs are supported",
                details: [.init("scheme", scheme)])
        case .invalidMethod(let method):
            ErrorLink(
                stage: "request", reason: "invalidMethod", message: "the method is not a valid HTTP token",
                details: [.init("method", method)])
        case .invalidHeaderName(let name):
            ErrorLink(
                stage: "request", reason: "invalidHeaderName", message: "a header name holds characters HTTP does not allow",
                details: [.init("name", name)])
        case .invalidHeaderValue(let name):
            ErrorLink(
                stage: "request", reason: "invalidHeaderValue", message: "a header value holds a line break or NUL",
                details: [.init("name", name)])
        case .invalidArgument(let name, let problem):
            ErrorLink(stage: "request", reason: "invalidArgument", message: "\(name): \(problem)")
        case .unresolvedVariable(let name, let place):
            ErrorLink(
                stage: "request", reason: "unresolvedVariable",
                message: "the variable {{\(name)}} in the \(place) has no value; nothing was sent",
                details: [.init("variable", name), .init("place", place)])
        case .chainFailed(let name, let request, _):
            ErrorLink(
                stage: "request", reason: "chainFailed",
                message: "the variable {{\(name)}} is taken from \(request), which did not give it; nothing was sent",
                details: [.init("variable", name), .init("request", request)])
        }
    }
}

extension FerryError.TransportFailureReason {
    var link: ErrorLink {
        // Code 0 is a failure outside curl (the WebSocket client's): it names that transport instead.
        var details = [code == 0 ? ErrorLink.Detail("transport", codeText) : ErrorLink.Detail("curl", "\(code) \(codeText)")]
        if !detail.isEmpty { details.append(.init("detail", detail)) }
        if bytesReceived > 0 || expectedLength != nil { details.append(.init("received", "\(bytesReceived) bytes")) }
        if let expectedLength { details.append(.init("expected", "\(expectedLength) bytes")) }
        let message = (phase.map { "\(kind.message) while \($0.text)" } ?? kind.message) + (limit.map { " (\($0))" } ?? "")
        return ErrorLink(stage: "transport", reason: kind.rawValue, message: message, details: details)
    }
}

extension FerryError.TransportFailureReason.Kind {
    /// One line for each kind, in the user's terms.
    public var message: String {
        switch self {
        case .invalidURL: "the URL could not be used"
        case .unsupportedProtocol: "the URL's protocol is not supported"
        case .hostNotFound: "the host name could not be resolved"
        case .connectionRefused: "the server refused the connection"
        case .connectionFailed: "could not connect to the server"
        case .tlsHandshakeFailed: "the TLS handshake failed"
        case .certificateRejected: "the server's certificate was not trusted"
        case .publicKeyPinMismatch: "the server's public key does not match the pinned key"
        case .timedOut: "the request timed out"
        case .tooManyRedirects: "too many redirects"
        case .sendFailed: "sending the request failed"
        case .receiveFailed: "receiving the response failed"
        case .connectionClosedMidBody: "the server closed the connection in the middle of the body"
        case .contentLengthMismatch: "the body was shorter than its Content-Length"
        case .badContentEncoding: "the compressed body could not be decoded"
        case .decodedBodyTooLarge: "the compressed body decodes to more than the limit (a compression bomb?)"
        case .http2Error: "the HTTP/2 stream failed"
        case .emptyReply: "the server closed the connection without a response"
        case .notHTTP: "the server answered without an HTTP status line (HTTP/0.9, or not HTTP at all), which Ferry does not accept"
        case .aborted: "the transfer was stopped"
        case .other: "the transfer failed"
        }
    }
}

extension FerryError.LocalFileReason {
    var link: ErrorLink {
        switch self {
        case .unreadable(let path, _):
            ErrorLink(stage: "file", reason: "unreadable", message: "cannot read a local file", details: [.init("path", path)])
        case .unwritable(let path, _):
            ErrorLink(stage: "file", reason: "unwritable", message: "cannot write a local file", details: [.init("path", path)])
        case .notARegularFile(let path, let kind):
            ErrorLink(
                stage: "file", reason: "notARegularFile",
                message: kind.map { "\(path) is not a regular file (\($0))" } ?? "not a regular file",
                details: [.init("path", path)])
        case .changedWhileReading(let path, let expected, let actual):
            ErrorLink(
                stage: "file", reason: "changedWhileReading", message: "the file changed size while it was being sent",
                details: [.init("path", path), .init("expected", "\(expected) bytes"), .init("read", "\(actual) bytes")])
        }
    }
}

extension FerryError.TransportFailureReason.Phase {
    /// The phase in the words of "timed out while …".
    var text: String {
        switch self {
        case .connecting: "connecting"
        case .sendingRequest: "sending the request"
        case .waitingForHead: "waiting for the response head"
        case .receivingBody: "receiving the body"
        }
    }
}
