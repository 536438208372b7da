import FerryCore
import Foundation

/// Turns a parsed curl command into the description of the request curl would send: the same
/// method, target, headers (but `User-Agent`) and body bytes. Ferry's default headers are switched
/// off (`defaultHeaders: false`), redirects are followed only with `-L`, bodies are compressed only
/// with `--compressed`, as in curl. What Ferry cannot do yet is named in the report.
struct CurlRequestBuilder {
    let command: CurlCommand
    /// Where the command is (`line 3`), for the report and problems.
    let place: String
    let source: String
    /// The folder relative `@file` paths are read from.
    let directory: String
    /// What the shell line gives curl as standard input (a here-document, or `< file`), for `@-`.
    let standardInput: String?
    let inputFile: String?
    var report = ImportReport()
    /// `-b FILE` arguments: their cookies for each URL become its `Cookie` header.
    private var cookieFiles: [String] = []

    init(command: CurlCommand, place: String, source: String, directory: String, standardInput: String? = nil, inputFile: String? = nil) {
        self.command = command
        self.place = place
        self.source = source
        self.directory = directory
        self.standardInput = standardInput
        self.inputFile = inputFile
    }

    /// The descriptions, one per URL of the command as curl sends one request per URL, each with a
    /// title for its file (`GET example.com/users`).
    /// The note for an option about curl's own output (`-s`, `-o`, `-w`…).
    static let outputNote = "says how curl prints or retries, not what it sends"

    mutating func build() throws(ImportProblem) -> [(description: RequestDescription, title: String)] {
        if let option = command.missingValue { throw problem("\(option) needs a value") }
        let urls = command.urls + command.values(.url)
        guard !urls.isEmpty else { throw problem("the command has no URL") }
        for option in command.unknown { report.dropped("\(place): \(option)", "not a curl option Ferry knows") }
        for option in command.ignored { report.dropped("\(place): \(option)", "a curl option Ferry does not act on") }

        var base = RequestDescription(method: .get, url: "")
        base.options.defaultHeaders = false
        base.options.followRedirects = command.has(.location)
        if command.has(.location) { base.options.maxRedirects = 50 }
        base.options.decompress = command.has(.compressed)
        try applyHeaders(to: &base)
        var query: [String] = []
        let hasBody = try applyBody(to: &base, query: &query)
        for piece in command.values(.urlQuery) {  // `+text` as it is, else encoded as --data-urlencode does
            query.append(piece.hasPrefix("+") ? String(piece.dropFirst()) : CurlURLEncodedData(piece) { read($0, for: nil) }.text)
        }
        base.method = method(hasBody: hasBody)
        try applyOptions(to: &base)
        try applyAuth(to: &base)
        noteMissingFiles(in: base.body)
        var results: [(RequestDescription, String)] = []
        for url in urls {
            var description = base
            var url = url.contains("://") ? url : "http://" + url
            if let upload = command.values(.uploadFile).last {
                if url.hasSuffix("/") {  // curl adds the file's name to a URL that ends in /
                    let name = (upload as NSString).lastPathComponent
                    url += name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
                }
                // Over HTTP/1.1 curl asks before it uploads, and waits for the server's 100 Continue.
                if url.hasPrefix("http://"), !description.headers.contains(where: { $0.name.lowercased() == "expect" }) {
                    description.headers.append(.init(name: "Expect", value: "100-continue"))
                }
            }
            description.url = url + Self.joined(query, after: url)
            applyCookieFiles(to: &description)
            do {
                // Checks the URL, headers and options; files are read only when the request is sent.
                var probe = description
                probe.body = .none
                _ = try probe.resolved(with: .literal, access: .unbounded(directory: directory))
            } catch {
                throw problem(ErrorChain(error).line)
            }
            report.imported(place, "\(description.method.rawValue) \(description.url)")
            let target = URL(string: description.url).map { ($0.host ?? "") + $0.path } ?? description.url
            results.append((description, "\(description.method.rawValue) \(target)"))
        }
        return results
    }

    /// `pieces` as a query to add to `url`: after `?`, or `&` when it has a query already.
    private static func joined(_ pieces: [String], after url: String) -> String {
        guard !pieces.isEmpty else { return "" }
        let separator = !url.contains("?") ? "?" : url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&"
        return separator + pieces.joined(separator: "&")
    }

    // MARK: - Parts

    private func method(hasBody: Bool) -> HTTPMethod {
        if let given = command.values(.request).last { return HTTPMethod(given) }  // as written: methods are case-sensitive
        if command.has(.head) { return .head }
        if command.has(.get) { return .get }
        if command.has(.uploadFile) { return .put }
        return hasBody ? .post : .get
    }

    private mutating func applyHeaders(to description: inout RequestDescription) throws(ImportProblem) {
        for value in command.values(.header) {
            if value.hasPrefix("@") {
                report.dropped("\(place): -H \(value)", "headers read from a file are not imported")
                continue
            }
            if let colon = value.firstIndex(of: ":") {
                let name = value[..<colon].trimmingCharacters(in: .whitespaces)
                let field = value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                // `Name:` removes a header curl adds; for any other, curl sends nothing, and neither does the import.
                guard !field.isEmpty || HTTPHeaders.generated.contains(name.lowercased()) else { continue }
                description.headers.append(.init(name: name, value: field))
            } else if value.hasSuffix(";") {
                // curl's `Name;`: the header sent with an empty value, as Ferry sends any header it does not add itself.
                let name = value.dropLast().trimmingCharacters(in: .whitespaces)
                if HTTPHeaders.generated.contains(name.lowercased()) {
                    report.dropped("\(place): -H \(value)", "an empty \(name) leaves it out in Ferry; curl sends it empty")
                } else {
                    description.headers.append(.init(name: name, value: ""))
                }
            } else {
                throw problem("-H \(value) is not `Name: value`")
            }
        }
        if let agent = command.values(.userAgent).last { description.headers.append(.init(name: "User-Agent", value: agent)) }
        if let referer = command.values(.referer).last {
            description.headers.append(.init(name: "Referer", value: referer.hasSuffix(";auto") ? String(referer.dropLast(5)) : referer))
        }
        for cookie in command.values(.cookie) {
            if cookie.contains("=") {
                // As curl sends `-b 'a=1; b=2'` (its cookie option): the request's own cookies, which go on after a redirect.
                if let pairs = RequestDescription.CookieEntry.pairs(of: cookie) {
                    description.cookies += pairs
                } else {
                    description.headers.append(.init(name: "Cookie", value: cookie))
                }
            } else {
                cookieFiles.append(cookie)
            }
        }
        for jar in command.values(.cookieJar) {
            report.dropped(
                "\(place): -c \(jar)",
                "Ferry keeps the cookies a request brings back in the jar of its collection and environment (ferry cookies list)")
        }
        if let range = command.values(.range).last {  // curl makes a bare number an open range
            description.headers.append(.init(name: "Range", value: "bytes=" + range + (range.contains("-") ? "" : "-")))
        }
        if command.has(.json) {
            for (name, value) in [("Content-Type", "application/json"), ("Accept", "application/json")]
            where !description.headers.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
                description.headers.append(.init(name: name, value: value))
            }
        }
    }

    /// The body from `-d` and its kin, `-F` or `-T`; with `-G` the data goes into `query` instead.
    /// Returns whether there is a body.
    private mutating func applyBody(to description: inout RequestDescription, query: inout [String]) throws(ImportProblem) -> Bool {
        let hasContentType = description.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        let forms = command.settings.filter { $0.option == .form || $0.option == .formString }
        let data = command.settings.filter { [.data, .dataASCII, .dataRaw, .dataBinary, .dataURLEncode, .json].contains($0.option) }
        if !forms.isEmpty {
            if !data.isEmpty { throw problem("-F cannot be combined with -d (curl refuses it too)") }
            var parts: [RequestDescription.MultipartPart] = []
            for setting in forms { parts.append(try part(setting)) }
            description.body = .multipart(parts)
            return true
        }
        if let upload = command.values(.uploadFile).last {
            guard upload == "-" else {
                description.body = .file(path: absolute(upload), contentType: nil)
                return true
            }
            if standardInput == nil, let inputFile {  // `-T - < file`
                description.body = .file(path: absolute(inputFile), contentType: nil)
            } else {
                description.body = .bytes(read("-", for: command.settings.last { $0.option == .uploadFile }), contentType: nil)
            }
            // curl streams standard input in chunks, not knowing its length.
            if !description.headers.contains(where: { $0.name.lowercased() == "transfer-encoding" }) {
                description.headers.append(.init(name: "Transfer-Encoding", value: "chunked"))
            }
            return true
        }
        guard !data.isEmpty else { return false }
        // A lone `--data-binary @file` streams the file as it is.
        if data.count == 1, data[0].option == .dataBinary, let value = data[0].value, value.hasPrefix("@"), value != "@-",
            !command.has(.get)
        {
            description.body = .file(
                path: absolute(String(value.dropFirst())), contentType: hasContentType ? nil : "application/x-www-form-urlencoded")
            return true
        }
        var bytes = Data()
        for (index, setting) in data.enumerated() {
            if index > 0, !(setting.option == .json && data[index - 1].option == .json) { bytes.append(UInt8(ascii: "&")) }
            bytes.append(try piece(setting))
        }
        if command.has(.get) {
            query.append(String(decoding: bytes, as: UTF8.self))
            return false
        }
        let type = hasContentType ? nil : (command.has(.json) ? nil : "application/x-www-form-urlencoded")
        description.body = String(data: bytes, encoding: .utf8).map { .raw($0, contentType: type) } ?? .bytes(bytes, contentType: type)
        return true
    }

    /// One `-d`-like value as curl sends it.
    private mutating func piece(_ setting: CurlCommand.Setting) throws(ImportProblem) -> Data {
        let value = setting.value ?? ""
        switch setting.option {
        case .dataRaw:
            return Data(value.utf8)
        case .dataURLEncode:
            return Data(CurlURLEncodedData(value) { read($0, for: nil) }.text.utf8)
        case .dataBinary, .json:
            return value.hasPrefix("@") ? read(String(value.dropFirst()), for: setting) : Data(value.utf8)
        default:  // -d, --data, --data-ascii: a file is read as text
            guard value.hasPrefix("@") else { return Data(value.utf8) }
            return Self.text(ofFile: read(String(value.dropFirst()), for: setting))
        }
    }

    /// A `-d @file`'s bytes as curl 7.88's tool reads them (its `file2string`): in lines of at most
    /// 255 bytes (`fgets`), each cut at its first CR, LF or NUL.
    static func text(ofFile data: Data) -> Data {
        var text = Data()
        var start = data.startIndex
        while start < data.endIndex {
            var end = start
            while end < data.endIndex, end - start < 255 {
                end += 1
                if data[end - 1] == 0x0A { break }
            }
            let cut = data[start..<end].firstIndex { $0 == 0x0D || $0 == 0x0A || $0 == 0 } ?? end
            text.append(data[start..<cut])
            start = end
        }
        return text
    }

    /// One `-F` part: `name=value`, `name=@file;type=…;filename=…`, `name=<file` (the file as text);
    /// the value or file name may be double-quoted, as curl reads it (`name="a;b"`).
    private mutating func part(_ setting: CurlCommand.Setting) throws(ImportProblem) -> RequestDescription.MultipartPart {
        let value = setting.value ?? ""
        guard let equals = value.firstIndex(of: "=") else { throw problem("\(setting.spelling) \(value) is not `name=value`") }
        let name = String(value[..<equals])
        let content = value[value.index(after: equals)...]
        if setting.option == .formString { return .init(name: name, value: .text(String(content))) }
        let kind = content.first == "@" || content.first == "<" ? content.first : nil
        let (word, rest) = Self.formWord(kind == nil ? content : content.dropFirst())
        var type: String?
        var fileName: String?
        for field in rest.split(separator: ";") {
            let field = field.trimmingCharacters(in: .whitespaces)
            if field.hasPrefix("type=") {
                type = String(field.dropFirst(5))
            } else if field.hasPrefix("filename=") {
                fileName = Self.formWord(field.dropFirst(9)).word
            } else {
                report.dropped("\(place): \(setting.spelling) \(value)", "the part parameter `\(field)` is not sent")
            }
        }
        if kind == "@" {
            let type = type ?? Self.fileType(of: fileName ?? (word as NSString).lastPathComponent)
            return .init(name: name, value: .file(path: absolute(word)), contentType: type, fileName: fileName)
        }
        let text = kind == "<" ? String(decoding: read(word, for: setting), as: UTF8.self) : word
        return .init(name: name, value: .text(text), contentType: type, fileName: fileName)
    }

    /// The Content-Type curl 7.88 gives a file part it was not told the type of: from its short
    /// table of name extensions, else `application/octet-stream`.
    static func fileType(of name: String) -> String {
        let types = [
            "gif": "image/gif", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "svg": "image/svg+xml",
            "txt": "text/plain", "htm": "text/html", "html": "text/html", "pdf": "application/pdf", "xml": "application/xml",
        ]
        return types[(name as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
    }

    /// A `-F` word: a double-quoted string (with `\"` and `\\` escapes) or the text up to `;`, and what follows it.
    private static func formWord(_ text: Substring) -> (word: String, rest: Substring) {
        guard text.first == "\"" else {
            let end = text.firstIndex(of: ";") ?? text.endIndex
            return (String(text[..<end]), text[end...])
        }
        var word = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex, text[index] != "\"" {
            if text[index] == "\\", text.index(after: index) < text.endIndex, ["\"", "\\"].contains(text[text.index(after: index)]) {
                index = text.index(after: index)
            }
            word.append(text[index])
            index = text.index(after: index)
        }
        let rest = index < text.endIndex ? text[text.index(after: index)...] : text[index...]
        return (word, rest)
    }

    private mutating func applyOptions(to description: inout RequestDescription) throws(ImportProblem) {
        if let redirects = command.values(.maxRedirs).last {
            guard let count = Int(redirects), count >= -1 else { throw problem("--max-redirs \(redirects) is not a number") }
            description.options.maxRedirects = count < 0 ? 1000 : count
        }
        if command.has(.insecure) { description.options.tls.verifyPeer = false }
        if let ca = command.values(.cacert).last { description.options.tls.caFile = absolute(ca) }
        description.options.totalTimeout = try seconds(.maxTime) ?? description.options.totalTimeout
        description.options.connectTimeout = try seconds(.connectTimeout) ?? description.options.connectTimeout
        if command.has(.http11) { description.options.httpVersion = .http1_1 }
        if command.has(.http2) { description.options.httpVersion = .http2 }
        for option in [CurlOption.http10, .http2PriorKnowledge, .http3] where command.has(option) {
            report.approximated("\(place): --\(option.rawValue)", "sent with Ferry's HTTP version choice")
        }
        if let rate = command.values(.limitRate).last {
            guard let bytes = RequestOptions.parseRate(rate) else { throw problem("--limit-rate \(rate) is not a rate") }
            description.options.maxUploadRate = bytes
            description.options.maxDownloadRate = bytes
        }
        applyConnection(to: &description)
        for (option, what) in [(CurlOption.resolve, "--resolve"), (.connectTo, "--connect-to")] {
            for setting in command.settings where setting.option == option {
                report.dropped("\(place): \(setting.spelling) \(setting.value ?? "")", "\(what) are not supported yet")
            }
        }
        for setting in command.settings where setting.option == .continueAt {
            report.dropped(
                "\(place): \(setting.spelling) \(setting.value ?? "")",
                "continuing a download is a ferry send option: ferry send FILE.ferry.yaml -o OUTPUT -C -")
        }
        for setting in command.settings where setting.option.isAboutOutput {
            report.dropped("\(place): \(setting.spelling)", Self.outputNote)
        }
    }

    /// The proxy, Unix socket and client certificate: `-x`, `--noproxy`, `-U`, `--unix-socket`,
    /// `-E`, `--key`, `--cert-type` and `--pass` (curl's `--cert FILE:PASSWORD` is split).
    private mutating func applyConnection(to description: inout RequestDescription) {
        var connection = ConnectionSettings()
        connection.proxy = command.values(.proxy).last
        connection.noProxy = command.values(.noproxy).last
        connection.proxyUser = command.values(.proxyUser).last
        connection.unixSocket = command.values(.unixSocket).last.map(absolute)
        if var certificate = command.values(.cert).last {
            // curl reads `FILE:PASSWORD` (a colon escaped as `\:` belongs to the file name).
            if let colon = Self.unescapedColon(in: certificate) {
                connection.keyPassphrase = String(certificate[certificate.index(after: colon)...])
                certificate = String(certificate[..<colon])
            }
            connection.clientCertificate = absolute(certificate.replacingOccurrences(of: "\\:", with: ":"))
        }
        connection.clientKey = command.values(.key).last.map(absolute)
        if let type = command.values(.certType).last {
            if ["PEM", "P12"].contains(type.uppercased()) {
                connection.certificateType = type.uppercased()
            } else {
                report.dropped("\(place): --cert-type \(type)", "Ferry reads PEM and P12 certificates only")
            }
        }
        connection.keyPassphrase = command.values(.pass).last ?? connection.keyPassphrase
        for secret in [connection.proxyUser, connection.keyPassphrase].compactMap({ $0 }) where !secret.contains("{{") {
            report.approximated(
                "\(place): \(secret == connection.proxyUser ? "--proxy-user" : "--pass") …",
                "written into the request file as it is: move it to a secret variable of an environment")
        }
        for path in [connection.clientCertificate, connection.clientKey].compactMap({ $0 })
        where !FileManager.default.fileExists(atPath: path) {
            report.approximated("\(place): \(path)", "the file is not there now; it is read when the request is sent")
        }
        description.connection = connection
    }

    /// The first `:` in `--cert`'s argument not escaped as `\:`, and not a Windows drive's.
    private static func unescapedColon(in text: String) -> String.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if text[index] == ":" { return index }
            index = text.index(after: index)
        }
        return nil
    }

    /// The cookies of `-b FILE` (Netscape files, as curl reads them) that curl would send to the
    /// description's URL, added as its `Cookie` header.
    private mutating func applyCookieFiles(to description: inout RequestDescription) {
        guard !cookieFiles.isEmpty, let url = URL(string: description.url) else { return }
        var pairs: [String] = []
        for file in cookieFiles {
            guard let text = FileManager.default.contents(atPath: absolute(file)).map({ String(decoding: $0, as: UTF8.self) }) else {
                report.dropped("\(place): -b \(file)", "\(absolute(file)) cannot be read here; its cookies are left out")
                continue
            }
            do {
                let jar = try CookieJar(netscape: text)
                pairs += jar.cookies.filter { $0.matches(url) }.map { "\($0.name)=\($0.value)" }
                report.approximated(
                    "\(place): -b \(file)",
                    "its cookies for this URL are sent as a Cookie header; the cookies a response sets go to Ferry's jar")
            } catch {
                report.dropped("\(place): -b \(file)", "not a cookie file: \(error)")
            }
        }
        if !pairs.isEmpty { description.headers.append(.init(name: "Cookie", value: pairs.joined(separator: "; "))) }
    }

    private mutating func applyAuth(to description: inout RequestDescription) throws(ImportProblem) {
        // The other challenge–response schemes answer a server's challenge; no credentials go out before it.
        if let scheme = command.ignored.first(where: { ["--ntlm", "--negotiate", "--anyauth"].contains($0) }),
            command.has(.user) || command.has(.oauth2Bearer)
        {
            report.dropped("\(place): \(scheme)", "this authentication scheme is not supported yet; the credentials are not sent")
            return
        }
        if let token = command.values(.oauth2Bearer).last { description.auth = .bearer(token: token) }
        if let provider = command.values(.awsSigV4).last {
            guard let user = command.values(.user).last, let signature = AWSSignature(curlProvider: provider, user: user) else {
                throw problem(
                    "--aws-sigv4 \(provider) needs `aws:amz:REGION:SERVICE` and -u KEY:SECRET (Ferry does not guess the region and service from the host)"
                )
            }
            description.auth = .awsSigV4(signature)
            return
        }
        guard let user = command.values(.user).last else { return }
        if command.has(.digest) {
            let (name, password) = Authentication.userAndPassword(user)
            description.auth = .digest(username: name, password: password)
            return
        }
        guard let colon = user.firstIndex(of: ":") else {
            report.approximated("\(place): -u \(user)", "curl would ask for the password; it is left empty")
            description.auth = .basic(username: user, password: "")
            return
        }
        description.auth = .basic(username: String(user[..<colon]), password: String(user[user.index(after: colon)...]))
    }

    // MARK: - Helpers

    private func seconds(_ option: CurlOption) throws(ImportProblem) -> Double? {
        guard let text = command.values(option).last else { return nil }
        guard let value = Double(text), value > 0, value.isFinite else {
            throw problem("--\(option.rawValue) \(text) is not a number of seconds")
        }
        return value
    }

    /// A file curl would read into the body now; standard input or a file that is not here is left
    /// out, and the report says so.
    private mutating func read(_ path: String, for setting: CurlCommand.Setting?) -> Data {
        let written = "\(setting.map { "\($0.spelling) " } ?? "")@\(path)"
        if path == "-" {
            if let standardInput { return Data(standardInput.utf8) }
            guard let inputFile else {
                report.dropped("\(place): \(written)", "curl reads this from standard input when it runs; it is left out")
                return Data()
            }
            return read(inputFile, for: setting)
        }
        guard let data = FileManager.default.contents(atPath: absolute(path)) else {
            report.dropped("\(place): \(written)", "\(absolute(path)) cannot be read here; it is left out")
            return Data()
        }
        return data
    }

    /// Notes body and part files that are not here now: they are read when the request is sent.
    private mutating func noteMissingFiles(in body: RequestDescription.Body) {
        var paths: [String] = []
        if case .file(let path, _) = body { paths.append(path) }
        if case .multipart(let parts) = body {
            for part in parts { if case .file(let path) = part.value { paths.append(path) } }
        }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            report.approximated("\(place): @\(path)", "the file is not there now; it is read when the request is sent")
        }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    private func problem(_ message: String) -> ImportProblem {
        ImportProblem(source: source, place: place, message)
    }
}
