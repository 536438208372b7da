import FerryCore
import Foundation

/// A request description as one curl command that sends the same request: method, URL, headers
/// (Ferry's default ones included), cookies (`-b`), where the body is written (`-o`), body bytes, multipart parts with their files, credentials, TLS,
/// redirect and time options, quoted for a POSIX shell (single quotes hold control characters as
/// they are: show the command through `TerminalSafeText` on a terminal). Variables are filled in
/// with the resolver's values; secret ones are written back as `{{name}}` unless `reveal`.
public struct CurlExporter {
    public var reveal: Bool

    public init(reveal: Bool = false) { self.reveal = reveal }

    /// The command, on continued lines (`\`) for reading, one option a line.
    public func command(
        for description: RequestDescription, resolver: VariableResolver,
        defaults: FolderDefaults = FolderDefaults(), directory: String
    ) throws -> String {
        guard !description.isGRPC else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "url", problem: "curl cannot make a gRPC call: export it as grpcurl"))
        }
        var probe = description
        if probe.graphQL == nil { probe.body = .none }  // a GraphQL body decides the method, and a GET's URL
        let access = FileAccessPolicy.unbounded(directory: directory)  // paths are written into the command; no file is read
        let resolved = try probe.resolved(with: resolver, defaults: defaults, access: access)
        let request = resolved.request
        var lines: [[String]] = [["curl", request.url.absoluteString]]
        let (body, contentType) = try description.resolvedBody(
            with: resolver, access: access, contentTypeHeader: request.headers["Content-Type"])
        let hasBody: Bool
        if case .none = body { hasBody = false } else { hasBody = true }
        if request.method != (hasBody ? .post : .get) {
            lines.append(request.method == .head ? ["--head"] : ["-X", request.method.rawValue])
        }
        var headers = DefaultHeaders.applied(to: request.headers, all: request.options.defaultHeaders != false)
        if let contentType, !headers.contains("Content-Type"), !Self.isMultipart(description.body) {
            headers.add(name: "Content-Type", value: contentType)
        }
        // curl types a body it is given as a form; a body Ferry sends without a type goes without one.
        if hasBody, !headers.contains("Content-Type"), !Self.isMultipart(description.body) { headers.add(name: "Content-Type", value: "") }
        if hasBody { headers.add(name: "Expect", value: "") }  // Ferry never waits for 100-continue
        for field in headers { lines.append(["-H", field.value.isEmpty ? "\(field.name):" : "\(field.name): \(field.value)"]) }
        if let cookies = request.ownCookies { lines.append(["-b", cookies]) }
        switch request.authentication {
        case .basic(let username, let password)?: lines.append(["-u", "\(username):\(password)"])
        case .bearer(let token)?: lines.append(["--oauth2-bearer", token])
        case .digest(let username, let password)?: lines.append(["--digest", "-u", "\(username):\(password)"])
        case .apiKey(let key)? where key.placement == .header: lines.append(["-H", "\(key.name): \(key.value)"])
        case .apiKey?: lines[0] = ["curl", request.authenticated().url.absoluteString]
        case .awsSigV4(let signature)?:
            lines.append(["--aws-sigv4", signature.curlProvider, "-u", "\(signature.accessKey):\(signature.secretKey)"])
            if let token = signature.sessionToken { lines.append(["-H", "X-Amz-Security-Token: \(token)"]) }
        case .oauth2?:
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "auth", problem: "curl cannot fetch an OAuth 2.0 token; send the request with ferry"))
        case nil: break
        }
        lines += try bodyLines(description, resolver: resolver, directory: directory, body: body)
        lines += optionLines(request.options)
        lines += connectionLines(request)
        if let output = resolved.output, output != "-" { lines.append(["-o", output]) }  // `options.output`
        let shown = { (word: String) in ShellQuoting.quote(reveal ? word : resolved.redaction.redact(word)) }
        return lines.map { $0.map(shown).joined(separator: " ") }.joined(separator: " \\\n  ")
    }

    private func bodyLines(
        _ description: RequestDescription, resolver: VariableResolver, directory: String, body: RequestBody
    ) throws -> [[String]] {
        switch description.body {
        case .none:
            return []
        case .file(let path, _):
            return [["--data-binary", "@" + CollectionPath.absolute(try resolver.render(path, place: "body file"), in: directory)]]
        case .multipart(let parts):
            return try parts.map { part in
                switch part.value {
                case .text(let text):
                    let value = try resolver.render(text, place: "part \(part.name)")
                    let fields = [part.contentType.map { "type=\($0)" }, part.fileName.map { "filename=\($0)" }].compactMap { $0 }
                    // --form-string takes the value as it is but no type; -F takes the type when the value cannot be misread.
                    guard !fields.isEmpty, !value.contains(";"), !value.hasPrefix("@"), !value.hasPrefix("<") else {
                        return ["--form-string", "\(part.name)=\(value)"]
                    }
                    return ["-F", (["\(part.name)=\(value)"] + fields).joined(separator: ";")]
                case .file(let path):
                    let absolute = CollectionPath.absolute(try resolver.render(path, place: "part \(part.name)"), in: directory)
                    let fields = [part.contentType.map { "type=\($0)" }, part.fileName.map { "filename=\($0)" }].compactMap { $0 }
                    return ["-F", ([part.name + "=@" + absolute] + fields).joined(separator: ";")]
                }
            }
        case .grpc:
            return []  // refused by `command`
        case .raw, .bytes, .json, .form, .plist, .graphql:
            guard case .bytes(let data) = body else { return [] }
            return [["--data-binary", String(decoding: data, as: UTF8.self)]]
        }
    }

    private func optionLines(_ options: RequestOptions) -> [[String]] {
        var lines: [[String]] = []
        if options.followRedirects { lines.append(["-L", "--max-redirs", String(options.maxRedirects)]) }
        if !options.tls.verifyPeer { lines.append(["-k"]) }
        if let ca = options.tls.caFile { lines.append(["--cacert", ca]) }
        if let pin = options.tls.pinnedPublicKey { lines.append(["--pinnedpubkey", pin]) }
        if let seconds = options.totalTimeout { lines.append(["-m", Self.number(seconds)]) }
        if let seconds = options.connectTimeout { lines.append(["--connect-timeout", Self.number(seconds)]) }
        switch options.httpVersion {
        case .http1_1: lines.append(["--http1.1"])
        case .http2: lines.append(["--http2"])
        case .http2PriorKnowledge: lines.append(["--http2-prior-knowledge"])
        case .automatic: break
        }
        if options.decompress { lines.append(["--compressed"]) }
        if let rate = options.maxDownloadRate ?? options.maxUploadRate { lines.append(["--limit-rate", String(rate)]) }
        return lines
    }

    /// The proxy, Unix socket and client certificate, with the two secrets (redacted as the rest).
    private func connectionLines(_ request: Request) -> [[String]] {
        let options = request.options
        var lines: [[String]] = []
        if let proxy = options.proxy { lines.append(["-x", proxy]) }
        if let noProxy = options.noProxy { lines.append(["--noproxy", noProxy]) }
        if let user = request.proxyUser { lines.append(["--proxy-user", user]) }
        if let socket = options.unixSocket { lines.append(["--unix-socket", socket]) }
        if let certificate = options.tls.clientCertificate { lines.append(["--cert", certificate]) }
        if let key = options.tls.clientKey { lines.append(["--key", key]) }
        if let type = options.tls.clientCertificateType { lines.append(["--cert-type", type]) }
        if let passphrase = request.clientKeyPassphrase { lines.append(["--pass", passphrase]) }
        return lines
    }

    private static func isMultipart(_ body: RequestDescription.Body) -> Bool {
        if case .multipart = body { return true }
        return false
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
