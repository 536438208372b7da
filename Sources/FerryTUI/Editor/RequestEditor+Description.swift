import FerryCore
import Foundation

/// The two directions between a `RequestDescription` and the editor's tabs.
///
/// Loading keeps `{{variables}}`: query `params` fill the Params tab in the URL query, a form body
/// fills it as a form body, `disabledParams` add rows switched off, multipart parts become Multipart
/// rows, a file body the body file (paths made absolute against the collection), JSON and
/// property-list bodies their text, auth, options, validation and serializer the Options tab. What the editor cannot show is listed in `omitted`.
/// `description()` writes back only the groups of fields that were edited, over the source.
extension RequestEditor {
    /// The Expect tab's lines as assertions and captures; a line that does not read throws, naming it.
    static func checks(_ lines: [String]) throws -> ([Assertion], [Capture]) {
        var assertions: [Assertion] = []
        var captures: [Capture] = []
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                switch try CheckLine(parsing: line) {
                case .assertion(let assertion): assertions.append(assertion)
                case .capture(let capture): captures.append(capture)
                }
            } catch {
                throw FerryError.invalidRequest(reason: .invalidArgument(name: "Expect line \(index + 1)", problem: error.description))
            }
        }
        return (assertions, captures)
    }

    /// Replaces everything the editor holds with `source`.
    public mutating func load(_ source: RequestSource) {
        let description = source.description
        let root = source.root
        var omitted: [String] = []
        var headers = description.headers
        var params = ParamTree()
        let style = description.parameterStyle
        if let parameters = description.params {
            if let tree = ParamTree(parameters: parameters, placement: .query, keepsKeyOrder: style.keepsKeyOrder) {
                params = tree
            } else {
                omitted.append("params (a null or an empty object or array)")
            }
        }
        var body = ""
        var bodyFile: String?
        var parts: [MultipartRow] = []
        var contentType: String?
        var graphQL: GraphQLEditing?
        switch description.body {
        case .none:
            break
        case .raw(let text, let type):
            (body, contentType) = (text, type)
        case .bytes(let data, let type):
            (body, contentType) = (String(decoding: data, as: UTF8.self), type)
        case .json(let parameters):
            if let text = Self.text(JSONRequestSerializer(pretty: true).serialize, parameters) {
                body = text
            } else {
                omitted.append("JSON body (it does not encode)")
            }
            contentType = "application/json"
        case .form(let parameters):
            if description.params == nil, let tree = ParamTree(parameters: parameters, placement: .body, keepsKeyOrder: style.keepsKeyOrder)
            {
                params = tree
            } else {
                omitted.append(
                    description.params == nil ? "form body (a null or an empty object or array)" : "form body beside query params")
            }
        case .plist(let parameters):
            if let text = Self.text(PropertyListRequestSerializer().serialize, parameters) {
                body = text
            } else {
                omitted.append("property-list body (it does not encode)")
            }
            contentType = "application/x-plist"
        case .file(let path, let type):
            (bodyFile, contentType) = (Self.absolute(path, in: root), type)
        case .graphql(let query):
            (body, graphQL) = (query.query, GraphQLEditing(query))
        case .grpc(let grpc):
            // The messages as JSON text: one object, or a list for a stream; the gRPC transport reads either.
            let messages: Parameters = grpc.messages.count == 1 ? grpc.messages[0] : .array(grpc.messages)
            body = Self.text(JSONRequestSerializer(pretty: true).serialize, messages) ?? ""
            if !grpc.protosets.isEmpty { omitted.append("the descriptor sets (protoset:) of the gRPC body") }
        case .multipart(let fileParts):
            for part in fileParts {
                guard let line = Self.line(of: part, root: root) else {
                    omitted.append("part \(part.name) (a name, value or path that -F cannot write)")
                    continue
                }
                parts.append(MultipartRow(line))
            }
        }
        if let disabled = description.disabledParams {
            if params.rows.isEmpty { params.placement = .query }
            if !params.addDisabled(disabled) { omitted.append("disabledParams (a null or an empty object or array)") }
        }
        params.arrayStyle = style.arrayStyle
        if let contentType, !headers.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            headers.append(HeaderRow(name: "Content-Type", value: contentType))
        }
        var options = description.options
        options.tls.caFile = options.tls.caFile.map { Self.absolute($0, in: root) }
        var expectations = description.expectations ?? ResponseExpectations()
        if expectations.serializer == .auto { expectations.serializer = nil }  // the editor's "auto" is the unnamed one
        method = description.sentMethod
        url = TextField(description.url)
        self.headers = headers
        headerSelection = 0
        self.body = TextArea(body)
        self.graphQL = graphQL
        self.bodyFile = bodyFile
        self.params = params
        self.parts = parts
        partSelection = 0
        auth = description.auth
        self.options = options
        connection = description.connection
        self.expectations = expectations
        checks = description.assertions.map { CheckLine.assertion($0).text } + description.captures.map { CheckLine.capture($0).text }
        scripts = description.scripts
        checkSelection = 0
        lineEdit = nil
        isEditingBody = false
        self.omitted = omitted
        self.source = source
        pristine = fields
    }

    /// The editor as a description: the source with every group of fields that was edited written
    /// over it (everything for a new request). Throws when the editor holds two bodies a request
    /// cannot (text or a file beside form parameters or parts).
    public func description() throws -> RequestDescription {
        var description = source.description
        let root = source.root
        let loaded = pristine
        if loaded?.method != method { description.method = method }
        description.url = url.text
        if loaded?.headers != headers {
            description.headers = headers.filter { !$0.name.isEmpty }
        }
        let parameters = params.parameters
        let partsEnabled = parts.contains(where: \.enabled)
        let inQuery = params.placement == .query || (!partsEnabled && params.encoding.encodesInURL(method))
        let paramsEdited = loaded?.params != params.content || loaded?.method != method
        if paramsEdited {
            // A row switched on or off keeps the type it had in the tree it came from.
            let (before, offBefore) = (description.params, description.disabledParams)
            let typed = { (tree: Parameters) in Self.keepingScalarTypes(Self.keepingScalarTypes(tree, of: before), of: offBefore) }
            description.params = inQuery ? parameters.map(typed) : nil
            description.disabledParams = params.disabledParameters.map(typed)
            description.parameterStyle.arrayStyle = params.arrayStyle
            description.parameterStyle.keepsKeyOrder = params.keepsKeyOrder
        }
        if loaded == nil || loaded?.body != body.text || loaded?.graphQL != graphQL?.body(query: body.text) || loaded?.bodyFile != bodyFile
            || loaded?.parts != parts || paramsEdited
        {
            var formBefore: Parameters?
            if case .form(let before) = description.body { formBefore = before }
            description.body = try bodyDescription(
                fields: inQuery ? nil : parameters.map { Self.keepingScalarTypes($0, of: formBefore) }, root: root)
        }
        if loaded?.auth != auth { description.auth = auth }
        if loaded?.options != options {
            description.options = options
            description.options.tls.caFile = options.tls.caFile.map { CollectionPath.relative($0, in: root) }
        }
        if loaded?.connection != connection { description.connection = connection }
        if loaded?.expectations != expectations {
            description.expectations = expectations == ResponseExpectations() ? nil : expectations
        }
        if loaded?.checks != checks {
            (description.assertions, description.captures) = try Self.checks(checks)
        }
        if loaded?.scripts != scripts { description.scripts = scripts }
        return description
    }

    /// The body the editor describes: a GraphQL query, multipart parts (parameters first, as text
    /// fields), a file, the text, or the parameters as a form.
    private func bodyDescription(fields: Parameters?, root: String) throws -> RequestDescription.Body {
        let enabled = parts.filter(\.enabled)
        if let graphQL {
            guard enabled.isEmpty, fields == nil, bodyFile == nil else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(
                        name: "Body",
                        problem: "a GraphQL body leaves no room for parts, form parameters or a body file; Q switches GraphQL off"))
            }
            return .graphql(graphQL.body(query: body.text))
        }
        if !enabled.isEmpty {
            guard bodyFile == nil, body.text.isEmpty else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "Multipart", problem: "the Body tab has a body too; empty it, or disable the parts"))
            }
            var result = fields.map { RequestDescription.MultipartPart.fields($0, encoder: params.encoder) } ?? []
            for row in enabled {
                result.append(
                    RequestDescription.MultipartPart(try FormPartArgument(parsing: row.line)) { CollectionPath.relative($0, in: root) })
            }
            return .multipart(result)
        }
        if fields != nil, bodyFile != nil || !body.text.isEmpty {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(
                    name: "Params", problem: "the Body tab leaves no room for form parameters; empty it, or put them in the URL query (u)"))
        }
        if let bodyFile { return .file(path: CollectionPath.relative(bodyFile, in: root), contentType: nil) }
        if !body.text.isEmpty { return .raw(body.text, contentType: nil) }
        if let fields { return .form(fields) }
        return .none
    }

    /// `value` (all strings, as rows hold them) with each string that stands where `before` had a
    /// number or a boolean of the same text turned back into it, so editing one parameter does
    /// not rewrite `page: 2` as `page: "2"`.
    private static func keepingScalarTypes(_ value: Parameters, of before: Parameters?) -> Parameters {
        switch (value, before) {
        case (.object(let members), .object(let old)?):
            return .object(
                members.map { member in (member.key, keepingScalarTypes(member.value, of: old.first { $0.key == member.key }?.value)) })
        case (.array(let items), .array(let old)?):
            return .array(items.enumerated().map { keepingScalarTypes($1, of: old.indices.contains($0) ? old[$0] : nil) })
        case (.string(let text), .number?), (.string(let text), .bool?):
            return before!.scalarText == text ? before! : value
        default:
            return value
        }
    }

    /// A part as `ferry send -F` writes it, or nil when that syntax cannot say it exactly (checked by
    /// reading the line back).
    private static func line(of part: RequestDescription.MultipartPart, root: String) -> String? {
        guard !part.name.isEmpty, !part.name.contains("=") else { return nil }
        let fields = [part.contentType.map { "type=\($0)" }, part.fileName.map { "filename=\($0)" }].compactMap { $0 }
        let line: String
        switch part.value {
        case .text(let text):
            guard !text.hasPrefix("@") else { return nil }
            line = (["\(part.name)=\(text)"] + fields).joined(separator: ";")
        case .file(let path):
            guard !path.contains(";"), !fields.joined().contains(";") else { return nil }
            line = (["\(part.name)=@\(absolute(path, in: root))"] + fields).joined(separator: ";")
        }
        guard let read = try? FormPartArgument(parsing: line), read.name == part.name, read.type == part.contentType,
            read.fileName == part.fileName
        else { return nil }
        switch (read.value, part.value) {
        case (.text(let a), .text(let b)) where a == b: return line
        case (.file, .file): return line
        default: return nil
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
