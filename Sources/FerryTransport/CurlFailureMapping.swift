import CCurl
import FerryCore
import Foundation

/// Maps a failed CURLcode to the transport reason the user reads, keeping curl's own words.
enum CurlFailureMapping {
    static func reason(
        code: CURLcode, detail: String, osErrno: Int, bytesReceived: Int64,
        expectedLength: Int64?
    ) -> FerryError.TransportFailureReason {
        FerryError.TransportFailureReason(
            kind: kind(of: code, detail: detail, osErrno: osErrno, expectedLength: expectedLength),
            code: Int(code.rawValue),
            codeText: String(cString: curl_easy_strerror(code)),
            detail: detail,
            bytesReceived: bytesReceived,
            expectedLength: expectedLength)
    }

    /// curl refuses an HTTP/0.9 answer (no status line) with CURLE_UNSUPPORTED_PROTOCOL, saying so in `detail`.
    static func kind(of code: CURLcode, detail: String, osErrno: Int, expectedLength: Int64?) -> FerryError.TransportFailureReason.Kind {
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL: detail.contains("HTTP/0.9") ? .notHTTP : .unsupportedProtocol
        case CURLE_URL_MALFORMAT: .invalidURL
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .hostNotFound
        case CURLE_COULDNT_CONNECT: osErrno == Int(ECONNREFUSED) ? .connectionRefused : .connectionFailed
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_TOO_MANY_REDIRECTS: .tooManyRedirects
        case CURLE_PARTIAL_FILE: expectedLength != nil ? .contentLengthMismatch : .connectionClosedMidBody
        case CURLE_GOT_NOTHING: .emptyReply
        case CURLE_SEND_ERROR, CURLE_SEND_FAIL_REWIND: .sendFailed
        case CURLE_RECV_ERROR, CURLE_WEIRD_SERVER_REPLY: .receiveFailed
        case CURLE_SSL_CONNECT_ERROR: .tlsHandshakeFailed
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM: .certificateRejected
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH: .publicKeyPinMismatch
        case CURLE_BAD_CONTENT_ENCODING: .badContentEncoding
        case CURLE_HTTP2, CURLE_HTTP2_STREAM: .http2Error
        case CURLE_ABORTED_BY_CALLBACK, CURLE_READ_ERROR, CURLE_WRITE_ERROR: .aborted
        default: .other
        }
    }
}
