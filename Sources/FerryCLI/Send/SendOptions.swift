import ArgumentParser
import FerryCore
import Foundation

/// `ferry send`'s curl-familiar flags. They become a `RequestDescription` (SendOptions+Description),
/// resolved into a `Request` by the same function as request files and the TUI.
public struct SendOptions: ParsableArguments, Sendable {
    @Argument(help: "The URL to send to (http or https).", completion: ShellCompletions.requestFiles)
    public var url: String

    @Option(name: [.customShort("X"), .customLong("request")], help: "The method (default GET, or POST with a body).")
    public var method: String?

    @Option(
        name: [.customShort("H"), .customLong("header")],
        help: ArgumentHelp("A header, `Name: value` (repeatable). `Name:` removes a header Ferry would add.", valueName: "header"))
    public var headers: [String] = []

    @Option(
        name: [.customShort("d"), .customLong("data")],
        help: ArgumentHelp("A body, joined with & when repeated; `@file` reads a file.", valueName: "data"))
    public var data: [String] = []

    @Option(
        name: .customLong("data-raw"),
        help: ArgumentHelp("As -d, but a leading @ is sent as it is (repeatable; after the -d bodies).", valueName: "data"))
    public var dataRaw: [String] = []

    @Option(
        name: .customLong("data-urlencode"),
        help: ArgumentHelp(
            "As -d, URL-encoded as curl does: `content`, `=content`, `name=content`, `@file`, `name@file` (repeatable; last).",
            valueName: "data"))
    public var dataURLEncode: [String] = []

    @Flag(name: [.customShort("G"), .customLong("get")], help: "Send the -d data in the URL's query, with GET (curl's -G).")
    public var dataInQuery = false

    @Option(name: [.customShort("A"), .customLong("user-agent")], help: ArgumentHelp("Send this User-Agent.", valueName: "name"))
    public var userAgent: String?

    @Option(name: [.customShort("e"), .customLong("referer")], help: ArgumentHelp("Send this Referer.", valueName: "url"))
    public var referer: String?

    @Option(
        name: .customLong("data-binary"),
        help: ArgumentHelp("A body sent byte for byte; `@file` streams a file, `@-` reads stdin.", valueName: "data"))
    public var dataBinary: String?

    @Option(
        name: [.customShort("F"), .customLong("form")],
        help: ArgumentHelp("A multipart part: `name=value` or `name=@path[;type=mime][;filename=name]` (repeatable).", valueName: "part"))
    public var formParts: [String] = []

    @Option(
        name: .customLong("graphql"),
        help: ArgumentHelp("A GraphQL query sent as a JSON POST (parsed first); `@file` reads a file.", valueName: "query"))
    public var graphQLQuery: String?

    @Option(
        name: .customLong("graphql-variables"),
        help: ArgumentHelp("The GraphQL variables, a JSON object; `@file` reads a file.", valueName: "json"))
    public var graphQLVariables: String?

    @Option(
        name: .customLong("graphql-operation"),
        help: ArgumentHelp("The GraphQL operation to run when the query holds several.", valueName: "name"))
    public var graphQLOperation: String?

    @Flag(name: .customLong("graphql-get"), help: "Send the GraphQL query as a GET with query, variables and operationName in the URL.")
    public var graphQLGET = false

    @Option(
        name: .customLong("param"),
        help: ArgumentHelp(
            "A parameter, `key=value` (repeatable); where it goes depends on the method and --encode.", valueName: "key=value"))
    public var params: [String] = []

    @Option(
        name: .customLong("params-json"),
        help: ArgumentHelp("Parameters as a JSON object (nested; key order and numbers kept as written).", valueName: "json"))
    public var paramsJSON: String?

    @Option(
        name: .customLong("encode"),
        help: ArgumentHelp(
            "How parameters are sent: query, form, json or plist (default: the URL for GET/HEAD/DELETE, else a form body).",
            valueName: "format"))
    public var encode: String?

    @Option(
        name: .customLong("plist-format"),
        help: ArgumentHelp("The property-list format for --encode plist: xml (default) or binary.", valueName: "format"))
    public var plistFormat: String?

    @Flag(name: .customLong("pretty-json"), help: "Indent the JSON body of --encode json (two spaces) instead of writing it compact.")
    public var prettyJSON = false

    @Option(
        name: .customLong("array-style"),
        help: ArgumentHelp("How arrays are named in queries and forms: brackets (default), repeat, indices or comma.", valueName: "style"))
    public var arrayStyle: String?

    @Flag(name: .customLong("keep-key-order"), help: "Keep parameter keys in the order given instead of sorting them.")
    public var keepKeyOrder = false

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp("Resolve the URL argument against this base URL (AFNetworking's rule).", valueName: "url"))
    public var baseURL: String?

    @Option(
        name: .customLong("dump-body"), help: ArgumentHelp("Write the exact request body to this file before sending.", valueName: "file"))
    public var dumpBody: String?

    @Flag(name: .customLong("dry-run"), help: "Build the request (and --dump-body) but send nothing; print what would be sent.")
    public var dryRun = false

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write the body to this file (it appears only when the exchange succeeds); a device or FIFO is written in place, a link's target is written, - is standard output.",
            valueName: "file"))
    public var output: String?

    @Flag(
        name: [.customShort("O"), .customLong("remote-name")],
        help: "Write the body to a file named as the URL's last path segment, in this folder (curl's -O).")
    public var remoteName = false

    @Option(
        name: [.customShort("T"), .customLong("upload-file")],
        help: ArgumentHelp(
            "Send this file as the body, with PUT unless -X says otherwise; a URL ending in / gets the file's name; - reads stdin.",
            valueName: "file"))
    public var uploadFile: String?

    @Option(
        name: .customLong("retry"),
        help: ArgumentHelp(
            "Send again up to this many times after a transient failure: a timeout, an unresolved name, HTTP 408, 429, 500, 502, 503 or 504.",
            valueName: "count"))
    public var retry: Int = 0

    @Option(
        name: .customLong("retry-delay"),
        help: ArgumentHelp("Seconds between retries (default: Retry-After, else 1 s doubling).", valueName: "seconds"))
    public var retryDelay: Double?

    @Option(name: .customLong("retry-max-time"), help: ArgumentHelp("Retry only within this many seconds.", valueName: "seconds"))
    public var retryMaxTime: Double?

    @Flag(name: .customLong("retry-connrefused"), help: "With --retry, a refused connection is transient too.")
    public var retryConnectionRefused = false

    @Flag(name: .customLong("retry-all-errors"), help: "With --retry, every failure and every status of 400 or more is retried.")
    public var retryAllErrors = false

    @Option(
        name: [.customShort("w"), .customLong("write-out")],
        help: ArgumentHelp(
            "After the body, print this text with curl's variables (%{http_code}, %{time_total}, %header{name}…); @file reads it from a file.",
            valueName: "format"))
    public var writeOut: String?

    @Option(
        name: [.customShort("C"), .customLong("continue-at")],
        help: ArgumentHelp(
            "Continue an interrupted -o download: `-` from where it stopped (checked with If-Range), or from this byte.",
            valueName: "offset"))
    public var continueAt: String?

    @Flag(name: .customLong("no-follow"), help: "Do not follow redirects.")
    public var noFollow = false

    @Flag(name: .customLong("allow-insecure-redirect"), help: "Follow a redirect from https to http (by default Ferry stops there).")
    public var allowInsecureRedirect = false

    @Flag(name: .customLong("location-trusted"), help: "Send the credentials on to another host, port or scheme a redirect leads to.")
    public var locationTrusted = false

    @Option(name: .customLong("max-redirs"), help: "The most redirects to follow (default 10).")
    public var maxRedirects: Int = 10

    @Flag(name: [.customShort("k"), .customLong("insecure")], help: "Do not verify the server's TLS certificate.")
    public var insecure = false

    @Option(name: .customLong("cacert"), help: ArgumentHelp("Trust the certificates in this PEM file.", valueName: "file"))
    public var caFile: String?

    @Option(
        name: .customLong("pinned-pubkey"),
        help: ArgumentHelp("Require this public key: `sha256//<base64>` (`;`-separated) or a key file.", valueName: "hashes"))
    public var pinnedPublicKey: String?

    @Option(
        name: [.customShort("m"), .customLong("max-time")],
        help: ArgumentHelp("Seconds allowed for the whole exchange.", valueName: "seconds"))
    public var maxTime: Double?

    @Option(name: .customLong("connect-timeout"), help: ArgumentHelp("Seconds allowed to connect.", valueName: "seconds"))
    public var connectTimeout: Double?

    @Option(
        name: .customLong("protoset"),
        help: ArgumentHelp("gRPC: read the schema from this descriptor set instead of server reflection.", valueName: "file"))
    public var protosets: [String] = []

    @Option(
        name: .customLong("proto"),
        help: ArgumentHelp("gRPC: read the schema from this .proto file and its imports instead of server reflection.", valueName: "file"))
    public var protoFiles: [String] = []

    @Option(
        name: .customLong("import-path"),
        help: ArgumentHelp("gRPC: look for --proto files and their imports in this folder (protoc's -I).", valueName: "dir"))
    public var importPaths: [String] = []

    @Flag(name: .customLong("grpc-web"), help: "gRPC: call through gRPC-Web (application/grpc-web+proto).")
    public var grpcWeb = false

    @Flag(name: .customLong("grpc-web-text"), help: "gRPC: call through gRPC-Web's base64 text form (application/grpc-web-text).")
    public var grpcWebText = false

    @Option(
        name: .customLong("grpc-compression"),
        help: ArgumentHelp("gRPC: compress the request messages (grpc-encoding) with gzip or deflate.", valueName: "gzip|deflate"))
    public var grpcCompression: GRPCCompression?

    @Flag(name: .customLong("http1.1"), help: "Use HTTP/1.1.")
    public var http11 = false

    @Flag(name: .customLong("http2"), help: "Prefer HTTP/2.")
    public var http2 = false

    @Flag(name: .customLong("no-decompress"), help: "Do not ask for or decode compressed bodies.")
    public var noDecompress = false

    @Option(
        name: .customLong("max-decoded-size"),
        help: ArgumentHelp("Stop a compressed body that decodes to more than this (K, M, G suffixes; default 1G).", valueName: "size"))
    public var maxDecodedSize: String?

    @Option(
        name: .customLong("max-message-size"),
        help: ArgumentHelp(
            "For ws:// and wss://: close with 1009 on a message larger than this (K, M, G suffixes; default 64M).", valueName: "size"))
    public var maxMessageSize: String?

    @Option(
        name: .customLong("limit-rate"),
        help: ArgumentHelp("Cap upload and download speed, in bytes per second (K, M, G suffixes).", valueName: "rate"))
    public var limitRate: String?

    @Flag(name: [.customShort("i"), .customLong("include")], help: "Print the status line and response headers before the body.")
    public var include = false

    @Flag(
        name: [.customShort("v"), .customLong("verbose")],
        help: "Print the request and response heads on stderr as curl does (`> `, `< `), and what scripts print.")
    public var verbose = false

    @Flag(name: [.customShort("I"), .customLong("head")], help: "Send HEAD and print the status line and headers (curl's -I).")
    public var head = false

    @Flag(name: [.customShort("f"), .customLong("fail")], help: "A status of 400 or more is a failure (exit 3), its body not printed.")
    public var fail = false

    @Flag(name: .customLong("fail-with-body"), help: "A status of 400 or more is a failure (exit 3), its body printed.")
    public var failWithBody = false

    @Flag(
        name: [
            .customShort("s"), .customLong("silent"), .customShort("S"), .customLong("show-error"), .customShort("L"),
            .customLong("location"), .customLong("compressed"),
        ],
        help:
            "Accepted for curl's command lines, and change nothing: Ferry shows no progress meter, shows its errors, follows redirects and asks for compressed bodies by default."
    )
    public var curlDefaults: Int

    @Flag(name: .customLong("timeline"), help: "Print the timeline as a waterfall (on stderr).")
    public var timeline = false

    @Flag(name: .customLong("json"), help: "Print one JSON document describing the whole exchange (schema in the README).")
    public var json = false

    @Flag(
        name: .customLong("stream"),
        help: "Print the body as it arrives, one event per line, whatever its type (server-sent events and NDJSON stream by themselves).")
    public var stream = false

    @Flag(
        name: .customLong("keep-open"),
        help: "For ws:// and wss://: keep the connection open after standard input ends, until the server closes it or Ctrl-C.")
    public var keepOpen = false

    @Flag(name: .customLong("no-history"), help: "Do not record this exchange in the history.")
    public var noHistory = false

    @Option(
        name: .customLong("json-body-limit"), help: ArgumentHelp("Bytes of body included by --json (default 1 MiB).", valueName: "bytes"))
    public var jsonBodyLimit: Int = 1 << 20

    public init() {}

    /// `-i`, or `-I` (a HEAD whose head is the whole answer).
    var showsHead: Bool { include || head }

    /// `-f` or `--fail-with-body`: a status of 400 or more fails the exchange (exit 3).
    var failsOnErrorStatus: Bool { fail || failWithBody }

    /// The flag that made a status fail, for the message.
    var failFlag: String { failWithBody ? "--fail-with-body" : "--fail" }

    /// Where the body goes: `-o FILE`, or for `-O` the URL's last path segment (curl's rule: an
    /// empty one is an error).
    func outputPath() throws -> String? {
        guard remoteName else { return output }
        guard output == nil else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "-O", problem: "give -o FILE or -O, not both"))
        }
        let name = (try resolvedURL()).lastPathComponent
        guard !name.isEmpty, name != "/" else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "-O", problem: "the URL has no file name to write to; use -o FILE"))
        }
        return name
    }

    /// `--retry` and its companions, or nil without `--retry`.
    func transientRetry() throws -> TransientRetry? {
        guard retry != 0 else { return nil }
        guard retry > 0 else { throw FerryError.invalidRequest(reason: .invalidArgument(name: "--retry", problem: "must be 0 or more")) }
        return TransientRetry(
            retries: retry, delay: retryDelay == 0 ? nil : try Self.positive(retryDelay, "--retry-delay"),
            maxTime: try Self.positive(retryMaxTime, "--retry-max-time"),
            connectionRefused: retryConnectionRefused, allErrors: retryAllErrors)
    }

    /// The transfer options the flags give (redirects, TLS, time limits, HTTP version, rate limits).
    func requestOptions() throws -> RequestOptions {
        var options = RequestOptions()
        options.followRedirects = !noFollow
        guard maxRedirects >= 0 else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--max-redirs", problem: "must be 0 or more"))
        }
        options.maxRedirects = maxRedirects
        if allowInsecureRedirect { options.allowsInsecureRedirect = true }
        if locationTrusted { options.keepsCredentialsOnRedirect = true }
        options.tls.verifyPeer = !insecure
        if let caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                throw FerryError.localFile(reason: .unreadable(path: caFile, error: POSIXError(.ENOENT)))
            }
            options.tls.caFile = caFile
        }
        options.tls.pinnedPublicKey = pinnedPublicKey
        options.totalTimeout = try Self.positive(maxTime, "--max-time")
        options.connectTimeout = try Self.positive(connectTimeout, "--connect-timeout")
        guard !(http11 && http2) else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--http1.1/--http2", problem: "choose one"))
        }
        options.httpVersion = http11 ? .http1_1 : http2 ? .http2 : .automatic
        options.decompress = !noDecompress
        if let maxDecodedSize {
            guard let size = RequestOptions.parseRate(maxDecodedSize) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--max-decoded-size", problem: "expected a size in bytes, e.g. 500M or 4G"))
            }
            options.maxDecodedSize = size
        }
        if let maxMessageSize {
            guard let size = RequestOptions.parseRate(maxMessageSize) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--max-message-size", problem: "expected a size in bytes, e.g. 1M or 256M"))
            }
            options.maxMessageSize = size
        }
        if let limitRate {
            guard let rate = RequestOptions.parseRate(limitRate) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--limit-rate", problem: "expected bytes per second, e.g. 500K or 2M"))
            }
            options.maxUploadRate = rate
            options.maxDownloadRate = rate
        }
        return options
    }

    /// The URL argument, resolved against `--base-url` when given.
    func resolvedURL() throws -> URL {
        guard let baseURL else { return try Request.parseURL(url) }
        let resolved = try BaseURL(try Request.parseURL(baseURL)).resolve(url)
        return try Request.parseURL(resolved.absoluteString)
    }

    static func readFile(_ path: String) throws -> Data {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw FerryError.localFile(reason: .notARegularFile(path: path))
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FerryError.localFile(reason: .unreadable(path: path, error: error))
        }
    }

    private static func positive(_ value: Double?, _ name: String) throws -> Double? {
        guard let value else { return nil }
        guard value > 0, value.isFinite else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: name, problem: "must be a positive number of seconds"))
        }
        return value
    }
}
