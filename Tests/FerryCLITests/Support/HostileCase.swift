import FerryTestSupport
import Foundation
import Testing

/// One row of the hostile-server matrix: what the server (or the user) does, the `ferry` command
/// line, and what the user must see. In `arguments`, `%URL` is the server's base URL, `%DIR` the
/// case's temporary folder and `%CA` the test CA's certificate.
struct HostileCase: Sendable, CustomTestStringConvertible {
    var name: String
    var server: HostileCase.Server
    var arguments: [String]
    /// The exit code ferry must end with.
    var exit: Int32
    /// Words the error must contain, naming the cause (case-insensitive); on a terminal, in what it shows.
    var names: [String] = []
    var output: HostileCase.Output = .ignored
    /// Files made in `%DIR` before ferry runs.
    var files: [String: HostileCase.Payload] = [:]
    /// `%DIR/out` holds "ORIGINAL" before the run; afterwards it must be as this says.
    var target: HostileCase.Target?
    /// Whether `%DIR/out.ferry-partial` (kept for `-C`) must exist after the run; nil: either.
    var partialKept: Bool?
    /// The server must not have been sent a byte (the input was refused first).
    var nothingSent = false
    /// Run on a terminal (a pseudo-terminal from `script`), where escapes must be shown inert.
    var terminal = false
    /// ferry's peak resident memory must stay under this.
    var memoryLimitMB = 200
    /// Files ferry writes may grow to this many bytes (RLIMIT_FSIZE, SIGXFSZ ignored): a full disk.
    var fileSizeLimit: Int?
    /// The seconds ferry may take before the test kills it and fails.
    var timeout: TimeInterval = 60

    var testDescription: String { name }

    enum Server: Sendable {
        /// No server: the input is refused (or served) locally.
        case none
        /// The raw TCP server playing these steps on each connection.
        case script([Step])
        /// A TCP listener whose accept queue is full: connecting never completes.
        case fullQueue
        /// `openssl s_server` with a certificate of this kind.
        case tls(TLSCertificate)
        /// A Python HTTP/2 server (the `h2` package) that resets every stream.
        case http2Reset
    }

    enum TLSCertificate: String, Sendable { case trusted, expired, selfSigned, wrongHost }

    enum Step: Sendable {
        /// Read one request (head and announced body).
        case read
        case send(Payload)
        /// A response: status line, headers, `Content-Length` of the body (unless `length` says
        /// otherwise: `-1` leaves it out), the body.
        case respond(status: String = "200 OK", headers: [String] = [], body: Payload = .text(""), length: Int? = nil)
        /// Close with a TCP reset.
        case reset
        /// Wait (at most 30 s) until the client gives up.
        case hang
        /// Send the payload one byte a second until the client gives up.
        case dribble(Payload)
        /// Answer every request on this connection with a redirect to the same URL.
        case redirectForever
        /// Truncate the file `%DIR/name` (as the request body is read).
        case truncate(String)
    }

    enum Payload: Sendable, Equatable {
        case text(String)
        case bytes([UInt8])
        case repeated(String, count: Int)
        /// 10 GB of zeros as gzip, made at test time.
        case gzipBomb
        /// 10 GB of zeros as brotli, made at test time.
        case brotliBomb
    }

    enum Target: Sendable {
        case untouched
        case becomes(Payload)
    }

    enum Output: Sendable {
        case ignored
        case empty
        case exactly(Payload)
        case contains([String])
        /// None of these appear raw; each `shown` does (escaped visibly).
        case inert(raw: [String], shown: [String])
    }
}
