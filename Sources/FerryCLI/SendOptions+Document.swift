import FerryCore
import FerryStore
import Foundation

/// `ferry send`'s flags as a saved request (for `--save`), and laid over a request file's document
/// (flags add to or override what the file says).
extension SendOptions {
    /// The request the flags describe as a document; `url` is the URL to record. The flags are
    /// checked by building the request first, so a document is only made from flags that work.
    func document(url: String, readStandardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) throws -> RequestDescription {
        let stdin = dataBinary == "@-" ? readStandardInput() : Data()
        let request = try makeRequest(readStandardInput: { stdin })
        var document = RequestDescription(method: request.method, url: url)
        try apply(to: &document, stdin: stdin, parametersDefaultToQuery: false)
        return document
    }

    /// Lays the flags over `document`: `-X` replaces the method, `-H` replaces same-named headers,
    /// `--param`s are added to the query parameters (or become the body with `--encode json/form/plist`),
    /// a body flag replaces the body, and transfer flags that differ from their defaults replace the file's.
    /// Without `--encode`, parameters go to the query when `parametersDefaultToQuery`, else where AFNetworking puts them.
    func apply(to document: inout RequestDescription, stdin: Data, parametersDefaultToQuery: Bool) throws {
        if let method { document.method = HTTPMethod(method) }
        for header in headers {
            guard let field = HeaderLine.parse(header) else {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "-H \(header)", problem: "expected `Name: value`"))
            }
            document.headers.removeAll { $0.name.lowercased() == field.name.lowercased() }
            document.headers.append(.init(name: field.name, value: field.value))
        }
        if let body = try body(stdin: stdin) { document.body = body }
        if formParts.isEmpty, let parameters = try parameters() {
            let encoding = try parameterEncoding()
            if encoding.encodesInURL(document.method) || hasRawBody || (parametersDefaultToQuery && encode == nil) {
                document.params = Self.merging(parameters, into: document.params)
            } else {
                switch encoding.format {
                case .json: document.body = .json(parameters)
                case .propertyList(.xml): document.body = .plist(parameters)
                case .propertyList:
                    throw FerryError.invalidRequest(reason: .invalidArgument(name: "--plist-format binary", problem: "a saved request holds XML property lists only"))
                case .form, .query: document.body = .form(parameters)
                }
            }
        }
        let given = try requestOptions()
        let defaults = RequestOptions()
        if given.followRedirects != defaults.followRedirects { document.options.followRedirects = given.followRedirects }
        if given.maxRedirects != defaults.maxRedirects { document.options.maxRedirects = given.maxRedirects }
        if given.tls.verifyPeer != defaults.tls.verifyPeer { document.options.tls.verifyPeer = given.tls.verifyPeer }
        if given.httpVersion != defaults.httpVersion { document.options.httpVersion = given.httpVersion }
        if given.decompress != defaults.decompress { document.options.decompress = given.decompress }
        document.options.totalTimeout = given.totalTimeout ?? document.options.totalTimeout
        document.options.connectTimeout = given.connectTimeout ?? document.options.connectTimeout
        document.options.tls.caFile = given.tls.caFile.map(Self.absolute) ?? document.options.tls.caFile
        document.options.tls.pinnedPublicKey = given.tls.pinnedPublicKey ?? document.options.tls.pinnedPublicKey
        document.options.maxUploadRate = given.maxUploadRate ?? document.options.maxUploadRate
        document.options.maxDownloadRate = given.maxDownloadRate ?? document.options.maxDownloadRate
    }

    private var hasRawBody: Bool { !data.isEmpty || dataBinary != nil }

    /// The body `-d`, `--data-binary` or `-F` give, or nil when none is given.
    private func body(stdin: Data) throws -> RequestDescription.Body? {
        let contentType = headers.contains { HeaderLine.parse($0)?.name.lowercased() == "content-type" } ? nil : "application/x-www-form-urlencoded"
        if let dataBinary {
            if dataBinary.hasPrefix("@"), dataBinary != "@-" {
                return .file(path: Self.absolute(String(dataBinary.dropFirst())), contentType: contentType)
            }
            return .raw(try Self.text(dataBinary == "@-" ? stdin : Data(dataBinary.utf8), "--data-binary"), contentType: contentType)
        }
        if !data.isEmpty {
            let parts = try data.map { $0.hasPrefix("@") ? try Self.readFile(String($0.dropFirst())) : Data($0.utf8) }
            return .raw(try Self.text(Data(parts.joined(separator: Data("&".utf8))), "-d"), contentType: contentType)
        }
        guard !formParts.isEmpty else { return nil }
        var parts = try parameters().map { RequestDescription.MultipartPart.fields($0, encoder: try parameterEncoding().query) } ?? []
        for argument in formParts {
            parts.append(RequestDescription.MultipartPart(try FormPartArgument(parsing: argument), storedPath: Self.absolute))
        }
        return .multipart(parts)
    }

    /// A body saved as text must be UTF-8; a binary body is saved with `--data-binary @file` instead.
    private static func text(_ data: Data, _ flag: String) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: flag, problem: "a binary body cannot be saved as text; use --data-binary @file"))
        }
        return text
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// `extra`'s members added to `base`, replacing members with the same key.
    private static func merging(_ extra: Parameters, into base: Parameters?) -> Parameters {
        guard case .object(var members) = base ?? .object([]), case .object(let added) = extra else { return extra }
        for member in added {
            if let index = members.firstIndex(where: { $0.key == member.key }) { members[index].value = member.value } else { members.append(member) }
        }
        return .object(members)
    }
}
