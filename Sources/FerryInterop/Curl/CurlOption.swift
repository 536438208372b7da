/// The curl options the importer acts on, by their long names. Every other option of curl is in
/// `CurlOptionTable`, so it is read with its value and named in the report.
enum CurlOption: String, CaseIterable {
    case request, header, data, dataASCII = "data-ascii", dataRaw = "data-raw", dataBinary = "data-binary"
    case dataURLEncode = "data-urlencode", json, form, formString = "form-string", get, head, user, cookie
    case cookieJar = "cookie-jar", userAgent = "user-agent", referer, location, maxRedirs = "max-redirs", insecure
    case compressed, url, maxTime = "max-time", connectTimeout = "connect-timeout", http10 = "http1.0", http11 = "http1.1"
    case http2, http2PriorKnowledge = "http2-prior-knowledge", http3, cacert, cert, key, proxy, proxyUser = "proxy-user"
    case uploadFile = "upload-file", oauth2Bearer = "oauth2-bearer", limitRate = "limit-rate", range, digest, basic
    case unixSocket = "unix-socket", resolve, connectTo = "connect-to", awsSigV4 = "aws-sigv4", urlQuery = "url-query"
    case certType = "cert-type", pass, noproxy, continueAt = "continue-at"
    /// Options about curl's own output, progress or retries: not part of the request.
    case silent, showError = "show-error", verbose, include, fail, failWithBody = "fail-with-body", output
    case remoteName = "remote-name", writeOut = "write-out", progressBar = "progress-bar", noBuffer = "no-buffer"
    case globoff, retry, trace, traceASCII = "trace-ascii", stderr, createDirs = "create-dirs"
    case noProgressMeter = "no-progress-meter", dumpHeader = "dump-header", retryDelay = "retry-delay"
    case retryMaxTime = "retry-max-time", retryConnectionRefused = "retry-connrefused", retryAllErrors = "retry-all-errors"

    /// True when the option is followed by a value.
    var takesValue: Bool { CurlOptionTable.longWithValue.contains(rawValue) }

    /// True for options that only change what curl prints or how often it tries.
    var isAboutOutput: Bool {
        switch self {
        case .silent, .showError, .verbose, .include, .fail, .failWithBody, .output, .remoteName, .writeOut, .progressBar,
            .noBuffer, .globoff, .retry, .trace, .traceASCII, .stderr, .createDirs, .noProgressMeter, .dumpHeader, .retryDelay,
            .retryMaxTime, .retryConnectionRefused, .retryAllErrors:
            true
        default:
            false
        }
    }
}
