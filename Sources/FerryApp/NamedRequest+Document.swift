import FerryCore
import FerryStore
import FerryTUI
import Foundation

/// A request file as the editor holds it, and the editor's request written back into a file.
///
/// Loading keeps `{{variables}}`: query `params` fill the Params tab in the URL query, a form body
/// fills it as a form body, multipart parts become Multipart rows, a file body the body file (paths
/// made absolute against the collection), JSON and property-list bodies their text, auth, options,
/// validation and serializer the Options tab; the folder's base URL and headers ride along. What
/// the editor cannot show is listed in `omitted`, and such a request is not sent from the editor.
extension NamedRequest {
    public init(document: RequestDescription, title: String, defaults: FolderDefaults, root: String) {
        var omitted: [String] = []
        var headers = document.headers.map { HeaderRow(name: $0.name, value: $0.value, enabled: $0.enabled) }
        var params = ParamTree()
        if let parameters = document.params {
            if let tree = ParamTree(parameters: parameters, placement: .query, keepsKeyOrder: true) { params = tree } else { omitted.append("params (a null or an empty object or array)") }
        }
        var body = ""
        var bodyFile: String?
        var parts: [MultipartRow] = []
        var contentType: String?
        switch document.body {
        case .none:
            break
        case .raw(let text, let type):
            (body, contentType) = (text, type)
        case .bytes(let data, let type):
            (body, contentType) = (String(decoding: data, as: UTF8.self), type)
        case .json(let parameters):
            if let text = Self.text(JSONRequestSerializer(pretty: true).serialize, parameters) { body = text } else { omitted.append("JSON body (it does not encode)") }
            contentType = "application/json"
        case .form(let parameters):
            if document.params == nil, let tree = ParamTree(parameters: parameters, placement: .body, keepsKeyOrder: true) {
                params = tree
            } else {
                omitted.append(document.params == nil ? "form body (a null or an empty object or array)" : "form body beside query params")
            }
        case .plist(let parameters):
            if let text = Self.text(PropertyListRequestSerializer().serialize, parameters) { body = text } else { omitted.append("property-list body (it does not encode)") }
            contentType = "application/x-plist"
        case .file(let path, let type):
            (bodyFile, contentType) = (Self.absolute(path, in: root), type)
        case .multipart(let fileParts):
            for part in fileParts {
                guard let line = Self.line(of: part, root: root) else {
                    omitted.append("part \(part.name) (a text part with its own type or file name, or a name or path -F cannot write)")
                    continue
                }
                parts.append(MultipartRow(line))
            }
        }
        if let contentType, !headers.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            headers.append(HeaderRow(name: "Content-Type", value: contentType))
        }
        var options = document.options
        options.tls.caFile = options.tls.caFile.map { Self.absolute($0, in: root) }
        var expectations = ResponseExpectations()
        if let codes = document.validation?.statusCodes {
            if let set = StatusCodeSet(parsing: codes) { expectations.statusCodes = set } else { omitted.append("validation status codes \(codes)") }
        }
        if let types = document.validation?.contentTypes, !types.isEmpty { expectations.contentTypes = types }
        if let name = document.serializer {
            if let kind = SerializerKind(rawValue: name) { expectations.serializer = kind } else { omitted.append("serializer \(name)") }
        }
        self.init(title: title, method: document.method, url: document.url, headers: headers, body: body, bodyFile: bodyFile,
                  params: params, parts: parts, auth: document.auth, options: options, expectations: expectations,
                  baseURL: defaults.baseURL, inheritedHeaders: defaults.headers.map { HeaderRow(name: $0.name, value: $0.value, enabled: $0.enabled) },
                  omitted: omitted)
    }

    /// Writes the fields that differ from `loaded` (everything for a new file, `loaded` nil) into
    /// `document`, so fields the editor did not touch keep their exact form. Throws when the editor
    /// holds two bodies a file cannot (text or a file beside form parameters).
    func apply(to document: inout RequestDescription, loaded: NamedRequest?, root: String) throws {
        document.method = method
        document.url = url
        if loaded?.headers != headers {
            document.headers = headers.map { RequestDescription.HeaderEntry(name: $0.name, value: $0.value, enabled: $0.enabled) }
        }
        let parameters = params.parameters
        let partsEnabled = parts.contains(where: \.enabled)
        let inQuery = params.placement == .query || (!partsEnabled && params.encoding.encodesInURL(method))
        if loaded?.params != params || loaded?.method != method {
            document.params = inQuery ? parameters.map { Self.keepingScalarTypes($0, of: document.params) } : nil
        }
        if loaded == nil || loaded?.body != body || loaded?.bodyFile != bodyFile || loaded?.parts != parts
            || loaded?.params != params || loaded?.method != method {
            var formBefore: Parameters?
            if case .form(let before) = document.body { formBefore = before }
            document.body = try bodyDocument(fields: inQuery ? nil : parameters.map { Self.keepingScalarTypes($0, of: formBefore) }, root: root)
        }
        if loaded?.auth != auth { document.auth = auth }
        if loaded?.options != options {
            document.options = options
            document.options.tls.caFile = options.tls.caFile.map { CollectionPath.relative($0, in: root) }
        }
        if loaded?.expectations != expectations {
            let types = expectations.contentTypes ?? []
            document.validation = expectations.statusCodes == .success && types.isEmpty
                ? nil : RequestDescription.Validation(statusCodes: expectations.statusCodes.description, contentTypes: types)
            document.serializer = expectations.serializer == .auto ? nil : expectations.serializer.rawValue
        }
    }

    /// The body the editor describes: multipart parts (parameters first, as text fields), a file,
    /// the text, or the parameters as a form.
    private func bodyDocument(fields: Parameters?, root: String) throws -> RequestDescription.Body {
        let enabled = parts.filter(\.enabled)
        if !enabled.isEmpty {
            var result = fields.map { RequestDescription.MultipartPart.fields($0, encoder: params.encoder) } ?? []
            for row in enabled {
                result.append(RequestDescription.MultipartPart(try FormPartArgument(parsing: row.line)) { CollectionPath.relative($0, in: root) })
            }
            return .multipart(result)
        }
        if fields != nil, bodyFile != nil || !body.isEmpty {
            throw FerryError.invalidRequest(reason: .invalidArgument(
                name: "Params", problem: "the Body tab and the form parameters cannot both be the body; empty one, or put the parameters in the URL query (u)"))
        }
        if let bodyFile { return .file(path: CollectionPath.relative(bodyFile, in: root), contentType: nil) }
        if !body.isEmpty { return .raw(body, contentType: nil) }
        if let fields { return .form(fields) }
        return .none
    }

    /// `value` (all strings, as rows hold them) with each string that stands where `before` had a
    /// number or a boolean of the same text turned back into it, so editing one parameter does
    /// not rewrite `page: 2` as `page: "2"`.
    private static func keepingScalarTypes(_ value: Parameters, of before: Parameters?) -> Parameters {
        switch (value, before) {
        case (.object(let members), .object(let old)?):
            return .object(members.map { member in (member.key, keepingScalarTypes(member.value, of: old.first { $0.key == member.key }?.value)) })
        case (.array(let items), .array(let old)?):
            return .array(items.enumerated().map { keepingScalarTypes($1, of: old.indices.contains($0) ? old[$0] : nil) })
        case (.string(let text), .number?), (.string(let text), .bool?):
            return before!.scalarText == text ? before! : value
        default:
            return value
        }
    }

    /// A part as `ferry send -F` writes it, or nil when that syntax cannot say it exactly.
    private static func line(of part: RequestDescription.MultipartPart, root: String) -> String? {
        guard !part.name.isEmpty, !part.name.contains("=") else { return nil }
        switch part.value {
        case .text(let text):
            guard part.contentType == nil, part.fileName == nil, !text.hasPrefix("@") else { return nil }
            return "\(part.name)=\(text)"
        case .file(let path):
            let fields = [part.contentType.map { "type=\($0)" }, part.fileName.map { "filename=\($0)" }].compactMap { $0 }
            guard !path.contains(";"), !fields.joined().contains(";") else { return nil }
            return (["\(part.name)=@\(absolute(path, in: root))"] + fields).joined(separator: ";")
        }
    }

    /// A stored path as the editor shows it: absolute, but a path that starts with a variable is
    /// kept as written (its value may be an absolute path).
    private static func absolute(_ path: String, in root: String) -> String {
        path.hasPrefix("{{") ? path : CollectionPath.absolute(path, in: root)
    }

    /// A body as its text, or nil when it does not encode (a NaN, a null in a property list).
    private static func text(_ serialize: (Parameters) throws -> Data, _ parameters: Parameters) -> String? {
        (try? serialize(parameters)).map { String(decoding: $0, as: UTF8.self) }
    }
}
