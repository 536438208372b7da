import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// `ferry send`'s flags as a request description: on their own (a URL on the command line), or laid
/// over a request file's description (flags add to or override what the file says). Either way the
/// description is then resolved by `RequestDescription.resolved`, as request files and the TUI are.
extension SendOptions {
    /// The request the flags describe on their own. Without `-X` the method is POST when there is a
    /// body (`-d`, `--data-binary`, `-F`, or parameters with a body `--encode`), else GET.
    func description(readStandardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) throws -> RequestDescription {
        guard formParts.isEmpty || !hasRawBody else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "-F", problem: "cannot be combined with -d or --data-binary"))
        }
        guard uploadFile == nil || (formParts.isEmpty && !hasRawBody) else {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "-T", problem: "cannot be combined with -d, --data-binary or -F"))
        }
        let encoding = try parameterEncoding()
        let sendsBody =
            (hasRawBody && !dataInQuery) || !formParts.isEmpty || (hasParameters && encode != nil && encoding.format != .query)
        let implied: HTTPMethod = head ? .head : uploadFile != nil ? .put : sendsBody ? .post : .get
        var description = RequestDescription(method: method.map { HTTPMethod($0) } ?? implied, url: uploadURL)
        try apply(to: &description, stdin: readsStandardInput ? readStandardInput() : Data(), parametersDefaultToQuery: false)
        // AFNetworking sorts the keys of a query or form unless --keep-key-order.
        if case .form = description.body, !keepKeyOrder { description.parameterStyle.keepsKeyOrder = false }
        if description.params != nil, !keepKeyOrder { description.parameterStyle.keepsKeyOrder = false }
        return description
    }

    /// Lays the flags over `description` — the one merge of flags and a file: `-X` replaces the
    /// method, `-H` replaces same-named headers, `--param`s are added to the query parameters (or
    /// become the body with `--encode json/form/plist`), a body flag replaces the body, encoding
    /// flags and transfer flags that differ from their defaults replace the file's. Without `--encode`,
    /// parameters go to the query when `parametersDefaultToQuery`, else where AFNetworking puts them.
    func apply(to description: inout RequestDescription, stdin: Data, parametersDefaultToQuery: Bool) throws {
        if let method { description.method = HTTPMethod(method) }
        try applyHeaders(to: &description)
        try applyParameterStyle(to: &description.parameterStyle)
        if dataInQuery, hasRawBody {
            // curl's -G: the data joined with & goes in the query, and the method is GET.
            let query = String(decoding: try dataJoined(), as: UTF8.self)
            description.url += (description.url.contains("?") ? "&" : "?") + query
            if method == nil { description.method = .get }
        } else if let body = try body(stdin: stdin) {
            description.body = body
        }
        try applyGraphQL(to: &description)
        if formParts.isEmpty, let parameters = try parameters() {
            let encoding = try parameterEncoding()
            if hasRawBody, !encoding.encodesInURL(description.method), !parametersDefaultToQuery {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "--param", problem: "a body from -d or --data-binary leaves no room for parameters; use --encode query"))
            }
            if encoding.encodesInURL(description.method) || hasRawBody || (parametersDefaultToQuery && encode == nil) {
                description.params = Self.merging(parameters, into: description.params)
            } else {
                switch encoding.format {
                case .json: description.body = .json(parameters)
                case .propertyList: description.body = .plist(parameters)
                case .form, .query: description.body = .form(parameters)
                }
            }
        }
        applyTransferOptions(try requestOptions(), to: &description.options)
    }

    var hasRawBody: Bool { !data.isEmpty || !dataRaw.isEmpty || !dataURLEncode.isEmpty || dataBinary != nil }

    /// `--data-binary @-` or `-T -`: the body is standard input.
    var readsStandardInput: Bool { dataBinary == "@-" || uploadFile == "-" }

    /// The URL, with `-T FILE`'s name added when it ends in `/` (curl's rule).
    private var uploadURL: String {
        guard let uploadFile, uploadFile != "-", url.hasSuffix("/") else { return url }
        let name = (uploadFile as NSString).lastPathComponent
        return url + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name)
    }

    /// The bodies of `-d` (a leading @ reads a file), `--data-raw` and `--data-urlencode`, joined
    /// with & as curl joins them (by kind in that order: the parser keeps no order across flags).
    private func dataJoined() throws -> Data {
        let parts =
            try data.map { $0.hasPrefix("@") ? try Self.readFile(String($0.dropFirst())) : Data($0.utf8) }
            + dataRaw.map { Data($0.utf8) } + dataURLEncode.map { Data(try CurlURLEncodedData($0, readFile: Self.readFile).text.utf8) }
        return Data(parts.joined(separator: Data("&".utf8)))
    }

    /// The files the flags send or trust (`--data-binary @file`, `-F name=@file`, `--cacert`): the user's own.
    var namedFiles: [String] {
        let data =
            dataBinary.flatMap { $0.hasPrefix("@") && $0 != "@-" ? String($0.dropFirst()) : nil }
            ?? uploadFile.flatMap { $0 == "-" ? nil : $0 }
        let parts = formParts.compactMap { argument -> String? in
            guard case .file(let path)? = (try? FormPartArgument(parsing: argument))?.value else { return nil }
            return path
        }
        return ([data, caFile].compactMap { $0 } + parts).map(Self.absolute)
    }

    /// Each `-H` name replaces the file's headers of that name; repeated flags all stay, in order.
    private func applyHeaders(to description: inout RequestDescription) throws {
        var fields = try headers.map { header in
            if !header.contains(":"), header.hasSuffix(";") {  // curl's `Name;`: the header sent with an empty value
                let name = header.dropLast().trimmingCharacters(in: .whitespaces)
                guard !HTTPHeaders.generated.contains(name.lowercased()) else {
                    throw FerryError.invalidRequest(
                        reason: .invalidArgument(
                            name: "-H \(header)", problem: "Ferry cannot send \(name) empty (an empty \(name) leaves it out)"))
                }
                return HTTPHeader(name: name, value: "")
            }
            guard let field = HeaderLine.parse(header) else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "-H \(header)", problem: "expected `Name: value`"))
            }
            return field
        }
        // -A and -e, unless a -H names the same header.
        for (name, value) in [("User-Agent", userAgent), ("Referer", referer)] {
            if let value, !fields.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                fields.append(HTTPHeader(name: name, value: value))
            }
        }
        let names = Set(fields.map { $0.name.lowercased() })
        description.headers.removeAll { names.contains($0.name.lowercased()) }
        description.headers += fields.map { RequestDescription.HeaderEntry(name: $0.name, value: $0.value) }
    }

    /// The encoding flags that were given, over `style`.
    private func applyParameterStyle(to style: inout ParameterStyle) throws {
        let encoding = try parameterEncoding()
        if arrayStyle != nil { style.arrayStyle = encoding.query.arrayStyle }
        if keepKeyOrder { style.keepsKeyOrder = true }
        if case .json(let pretty) = encoding.format, pretty { style.prettyJSON = true }
        if case .propertyList(let format) = encoding.format, plistFormat != nil { style.plistFormat = format }
    }

    /// Transfer flags that differ from their defaults, over a file's options.
    private func applyTransferOptions(_ given: RequestOptions, to options: inout RequestOptions) {
        let defaults = RequestOptions()
        if given.followRedirects != defaults.followRedirects { options.followRedirects = given.followRedirects }
        if given.maxRedirects != defaults.maxRedirects { options.maxRedirects = given.maxRedirects }
        options.allowsInsecureRedirect = given.allowsInsecureRedirect
        options.keepsCredentialsOnRedirect = given.keepsCredentialsOnRedirect
        if given.tls.verifyPeer != defaults.tls.verifyPeer { options.tls.verifyPeer = given.tls.verifyPeer }
        if given.httpVersion != defaults.httpVersion { options.httpVersion = given.httpVersion }
        if given.decompress != defaults.decompress { options.decompress = given.decompress }
        options.totalTimeout = given.totalTimeout ?? options.totalTimeout
        options.connectTimeout = given.connectTimeout ?? options.connectTimeout
        options.tls.caFile = given.tls.caFile.map(Self.absolute) ?? options.tls.caFile
        options.tls.pinnedPublicKey = given.tls.pinnedPublicKey ?? options.tls.pinnedPublicKey
        options.maxUploadRate = given.maxUploadRate ?? options.maxUploadRate
        options.maxDownloadRate = given.maxDownloadRate ?? options.maxDownloadRate
        options.maxDecodedSize = given.maxDecodedSize ?? options.maxDecodedSize
        options.maxMessageSize = given.maxMessageSize ?? options.maxMessageSize
    }

    /// The body `-d`, `--data-binary` or `-F` give, or nil when none is given. Text that is UTF-8 is
    /// `raw` (so `{{variables}}` in it resolve over a request file), other bytes are sent as they are.
    private func body(stdin: Data) throws -> RequestDescription.Body? {
        if let uploadFile {
            // curl's -T sends the bytes with no Content-Type of its own.
            return uploadFile == "-" ? .bytes(stdin, contentType: nil) : .file(path: Self.absolute(uploadFile), contentType: nil)
        }
        let contentType =
            headers.contains { HeaderLine.parse($0)?.name.lowercased() == "content-type" } ? nil : "application/x-www-form-urlencoded"
        if let dataBinary {
            if dataBinary.hasPrefix("@"), dataBinary != "@-" {
                return .file(path: Self.absolute(String(dataBinary.dropFirst())), contentType: contentType)
            }
            return Self.text(dataBinary == "@-" ? stdin : Data(dataBinary.utf8), contentType: contentType)
        }
        if hasRawBody { return Self.text(try dataJoined(), contentType: contentType) }
        guard !formParts.isEmpty else { return nil }
        var parts = try parameters().map { RequestDescription.MultipartPart.fields($0, encoder: try parameterEncoding().query) } ?? []
        for argument in formParts {
            parts.append(RequestDescription.MultipartPart(try FormPartArgument(parsing: argument), storedPath: Self.absolute))
        }
        return .multipart(parts)
    }

    private static func text(_ data: Data, contentType: String?) -> RequestDescription.Body {
        String(data: data, encoding: .utf8).map { .raw($0, contentType: contentType) } ?? .bytes(data, contentType: contentType)
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// `extra`'s members added to `base`, replacing members with the same key.
    private static func merging(_ extra: Parameters, into base: Parameters?) -> Parameters {
        guard case .object(var members) = base ?? .object([]), case .object(let added) = extra else { return extra }
        for member in added {
            if let index = members.firstIndex(where: { $0.key == member.key }) {
                members[index].value = member.value
            } else {
                members.append(member)
            }
        }
        return .object(members)
    }
}
