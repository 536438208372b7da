/// The curl options the importer knows, by the names curl accepts for them, and whether each takes
/// a value. Options that only change what curl prints are listed so the report can say so.
enum CurlOption: String, CaseIterable {
    case request, header, data, dataASCII, dataRaw, dataBinary, dataURLEncode, json, form, formString, get, head
    case user, cookie, cookieJar, userAgent, referer, location, maxRedirs, insecure, compressed, url, maxTime
    case connectTimeout, http10, http11, http2, http2PriorKnowledge, http3, cacert, cert, key, proxy, proxyUser
    case uploadFile, oauth2Bearer, limitRate, range, digest, basic, unixSocket, resolve, connectTo, awsSigV4
    /// Options about curl's own output, progress or retries: not part of the request.
    case silent, showError, verbose, include, fail, failWithBody, output, remoteName, writeOut, progressBar
    case noBuffer, globoff, retry, retryDelay, retryMaxTime, trace, traceASCII, stderr, createDirs, noProgressMeter

    /// True when the option is followed by a value.
    var takesValue: Bool {
        switch self {
        case .get, .head, .location, .insecure, .compressed, .http10, .http11, .http2, .http2PriorKnowledge, .http3,
             .digest, .basic, .silent, .showError, .verbose, .include, .fail, .failWithBody, .remoteName,
             .progressBar, .noBuffer, .globoff, .createDirs, .noProgressMeter:
            false
        default:
            true
        }
    }

    /// True for options that only change what curl prints or how often it tries.
    var isAboutOutput: Bool {
        switch self {
        case .silent, .showError, .verbose, .include, .fail, .failWithBody, .output, .remoteName, .writeOut, .progressBar,
             .noBuffer, .globoff, .retry, .retryDelay, .retryMaxTime, .trace, .traceASCII, .stderr, .createDirs, .noProgressMeter:
            true
        default:
            false
        }
    }

    /// The option a long name (without `--`) stands for.
    static func long(_ name: String) -> CurlOption? { longNames[name] }

    /// The option a single-letter flag stands for.
    static func short(_ letter: Character) -> CurlOption? { shortNames[letter] }

    private static let longNames: [String: CurlOption] = [
        "request": .request, "header": .header, "data": .data, "data-ascii": .dataASCII, "data-raw": .dataRaw,
        "data-binary": .dataBinary, "data-urlencode": .dataURLEncode, "json": .json, "form": .form, "form-string": .formString,
        "get": .get, "head": .head, "user": .user, "cookie": .cookie, "cookie-jar": .cookieJar, "user-agent": .userAgent,
        "referer": .referer, "location": .location, "max-redirs": .maxRedirs, "insecure": .insecure, "compressed": .compressed,
        "url": .url, "max-time": .maxTime, "connect-timeout": .connectTimeout, "http1.0": .http10, "http1.1": .http11,
        "http2": .http2, "http2-prior-knowledge": .http2PriorKnowledge, "http3": .http3, "cacert": .cacert, "cert": .cert,
        "key": .key, "proxy": .proxy, "proxy-user": .proxyUser, "upload-file": .uploadFile, "oauth2-bearer": .oauth2Bearer,
        "limit-rate": .limitRate, "range": .range, "digest": .digest, "basic": .basic, "unix-socket": .unixSocket,
        "resolve": .resolve, "connect-to": .connectTo, "aws-sigv4": .awsSigV4,
        "silent": .silent, "show-error": .showError, "verbose": .verbose, "include": .include, "fail": .fail,
        "fail-with-body": .failWithBody, "output": .output, "remote-name": .remoteName, "write-out": .writeOut,
        "progress-bar": .progressBar, "no-buffer": .noBuffer, "globoff": .globoff, "retry": .retry, "retry-delay": .retryDelay,
        "retry-max-time": .retryMaxTime, "trace": .trace, "trace-ascii": .traceASCII, "stderr": .stderr,
        "create-dirs": .createDirs, "no-progress-meter": .noProgressMeter,
    ]

    private static let shortNames: [Character: CurlOption] = [
        "X": .request, "H": .header, "d": .data, "F": .form, "G": .get, "I": .head, "u": .user, "b": .cookie,
        "c": .cookieJar, "A": .userAgent, "e": .referer, "L": .location, "k": .insecure, "m": .maxTime, "E": .cert,
        "x": .proxy, "U": .proxyUser, "T": .uploadFile, "r": .range, "s": .silent, "S": .showError, "v": .verbose,
        "i": .include, "f": .fail, "o": .output, "O": .remoteName, "w": .writeOut, "#": .progressBar, "N": .noBuffer,
        "g": .globoff,
    ]
}
