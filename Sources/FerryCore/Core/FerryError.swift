import Foundation

/// Every failure Ferry reports, one case per stage of the pipeline, in the shape of AFError.
///
/// Each case carries a nested reason; reasons that wrap another failure expose it as
/// `underlyingError`, so a failure can be walked outward → inward as an `ErrorChain`.
public indirect enum FerryError: Error, Sendable {
    /// The request could not be built: nothing was sent.
    case invalidRequest(reason: InvalidRequestReason)
    /// Parameters or a body could not be encoded (JSON, property list, form): nothing was sent.
    case requestSerializationFailed(reason: RequestSerializationReason)
    /// A multipart body could not be built or streamed.
    case multipartEncodingFailed(reason: MultipartEncodingReason)
    /// The transport could not complete the exchange (DNS, connect, TLS, timeout, reset…).
    case transportFailed(reason: TransportFailureReason)
    /// The response's status code or content type is not acceptable.
    case responseValidationFailed(reason: ResponseValidationReason)
    /// The response body could not be turned into the value asked for.
    case responseSerializationFailed(reason: ResponseSerializationReason)
    /// A local file could not be read or written (a body file, `-o`, a spool file).
    case localFile(reason: LocalFileReason)
    /// No OAuth 2.0 token could be had (the token endpoint refused, or the browser step failed).
    case authenticationFailed(reason: AuthenticationFailureReason)
    /// The exchange was cancelled by the user before it completed.
    case explicitlyCancelled

    public enum InvalidRequestReason: Sendable {
        case malformedURL(String, problem: String)
        case unsupportedScheme(String)
        case invalidMethod(String)
        case invalidHeaderName(String)
        case invalidHeaderValue(name: String)
        case invalidArgument(name: String, problem: String)
        /// A `{{name}}` with no value; `place` says where it appears ("url", "header Authorization").
        case unresolvedVariable(name: String, place: String)
        /// A chained variable (`VariableChain`) could not be taken from the response of `request`.
        case chainFailed(name: String, request: String, underlying: any Error & Sendable)
    }

    /// A transport failure: what kind it was, and the transport's own words for it.
    public struct TransportFailureReason: Sendable {
        public enum Kind: String, Sendable, Codable {
            case invalidURL, unsupportedProtocol, hostNotFound, connectionRefused, connectionFailed
            case tlsHandshakeFailed, certificateRejected, publicKeyPinMismatch
            case timedOut, tooManyRedirects, sendFailed, receiveFailed, connectionClosedMidBody
            case contentLengthMismatch, badContentEncoding, decodedBodyTooLarge, http2Error, emptyReply, aborted, other
            /// An answer without an HTTP status line: HTTP/0.9, or not HTTP at all.
            case notHTTP
        }

        /// Where an exchange stands, to say which part a timeout cut off.
        public enum Phase: String, Sendable, Codable {
            case connecting, sendingRequest, waitingForHead, receivingBody
        }

        public var kind: Kind
        /// The transport's numeric code (a CURLcode) and its standard text.
        public var code: Int
        public var codeText: String
        /// The transport's detailed message for this transfer (curl's error buffer), when it had one.
        public var detail: String
        /// Response bytes received before the failure, and the announced length when there was one.
        public var bytesReceived: Int64
        public var expectedLength: Int64?
        /// For a timeout: what the exchange was doing when time ran out.
        public var phase: Phase?
        /// For a timeout of a limit Ferry set itself (`ferry run`'s): the limit and how to change it.
        public var limit: String?
        /// A failure of Ferry's own code that made the transport stop (a body stream that threw…).
        public var underlying: (any Error & Sendable)?

        public init(
            kind: Kind, code: Int, codeText: String, detail: String, bytesReceived: Int64 = 0,
            expectedLength: Int64? = nil, underlying: (any Error & Sendable)? = nil
        ) {
            self.kind = kind
            self.code = code
            self.codeText = codeText
            self.detail = detail
            self.bytesReceived = bytesReceived
            self.expectedLength = expectedLength
            self.underlying = underlying
        }
    }

    public enum LocalFileReason: Sendable {
        case unreadable(path: String, error: any Error & Sendable)
        case unwritable(path: String, error: any Error & Sendable)
        /// `kind` says what it is instead, when known (`a FIFO`, `a link to a character device`).
        case notARegularFile(path: String, kind: String? = nil)
        case changedWhileReading(path: String, expected: Int64, actual: Int64)
    }

    /// The error this one wraps, if any (AF's `underlyingError`).
    public var underlyingError: (any Error & Sendable)? {
        switch self {
        case .transportFailed(let reason): reason.underlying
        case .requestSerializationFailed(let reason): reason.underlyingError
        case .multipartEncodingFailed(let reason): reason.underlyingError
        case .responseValidationFailed(let reason): reason.underlyingError
        case .responseSerializationFailed(let reason): reason.underlyingError
        case .localFile(.unreadable(_, let error)), .localFile(.unwritable(_, let error)): error
        case .authenticationFailed(let reason): reason.underlyingError
        case .invalidRequest(.chainFailed(_, _, let error)): error
        default: nil
        }
    }
}
