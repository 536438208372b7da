import ArgumentParser
import FerryCore

/// Ferry's exit codes, the same for every command (documented in the README).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// Bad usage or input: a malformed URL, an invalid header, a bad flag value.
    case usage = 1
    /// The transport failed: DNS, connect, TLS, timeout, reset, a truncated body.
    case transport = 2
    /// The response was rejected by validation or serialization.
    case rejected = 3
    /// A local file could not be read or written.
    case localFile = 4
    /// `ferry run --dry-run`: a request does not resolve (a value it needs cannot be had without sending).
    case unresolved = 5
    /// Cancelled (SIGINT), as shells report it.
    case cancelled = 130

    public init(for error: FerryError) {
        switch error {
        case .invalidRequest, .requestSerializationFailed: self = .usage
        case .multipartEncodingFailed(.outputFileWriteFailed), .multipartEncodingFailed(.fileNotFound),
            .multipartEncodingFailed(.fileNotReadable), .multipartEncodingFailed(.fileIsDirectory),
            .multipartEncodingFailed(.fileNotRegular), .multipartEncodingFailed(.fileChangedDuringUpload):
            self = .localFile
        case .multipartEncodingFailed(.inputStreamReadFailed): self = .transport
        case .transportFailed: self = .transport
        case .responseValidationFailed, .responseSerializationFailed: self = .rejected
        case .localFile: self = .localFile
        case .explicitlyCancelled: self = .cancelled
        case .authenticationFailed(.tokenRequestFailed(_, let underlying)): self = ExitStatus(for: underlying)
        case .authenticationFailed: self = .rejected
        }
    }

    var exitCode: ExitCode { ExitCode(rawValue) }
}
