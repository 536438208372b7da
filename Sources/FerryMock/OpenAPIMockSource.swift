import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// An OpenAPI 3 document as routes: each operation answers its responses' examples (`example`,
/// `examples`, per status and media type) and, for each media type with a schema, a body generated
/// from it that the document's schema validates (`SchemaSampler`, checked by `SchemaValidator`).
public struct OpenAPIMockSource: Sendable {
    /// The document as parsed, for validators (`SchemaValidator` reads pointers into it).
    public let document: Document
    /// The same as a tree, to walk.
    public let root: Parameters
    /// The file, in sources and warnings.
    public let label: String

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Reads the document at `path` (JSON or YAML).
    public init(path: String) throws {
        try self.init(data: try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    }

    /// Reads a document's bytes (JSON or YAML); `path` names it. A Swagger 2.0 document is served
    /// as the OpenAPI 3.0 document `ferry import openapi` converts it to (`SwaggerConverter`).
    public init(data: Data, path: String) throws {
        var document = try SchemaFile.parse(data, path: path)
        var root = try Parameters(document: document)
        if root.member("openapi") == nil, root.member("swagger")?.text?.hasPrefix("2") == true {
            guard let converted = SwaggerConverter.openAPI3(fromSwagger: String(decoding: data, as: UTF8.self)) else {
                throw MockSourceProblem(source: path, "the Swagger 2.0 document could not be converted to OpenAPI 3")
            }
            document = try SchemaFile.parse(Data(converted.utf8), path: path)
            root = try Parameters(document: document)
        }
        guard root.member("openapi")?.text?.hasPrefix("3") == true else {
            throw MockSourceProblem(
                source: path, "not an OpenAPI 3 or Swagger 2.0 document (no `openapi: 3…` or `swagger: \"2.0\"` at its top)")
        }
        self.document = document
        self.root = root
        label = path
    }

    /// The routes of every operation, and what could not be served as written (examples that break
    /// their schema, bodies that could not be generated to fit theirs).
    public func routes() -> (routes: [MockRoute], warnings: [String]) {
        var routes: [MockRoute] = []
        var warnings: [String] = []
        var validators = ValidatorCache(document: document)
        let basePaths = self.basePaths
        for (path, item) in root.member("paths")?.members ?? [] {
            let (item, itemPointer) = resolve(item, at: "/paths/" + JSONPointer.escape(path))
            for method in Self.methods {
                guard let operation = item.member(method) else { continue }
                let pointer = itemPointer + "/" + method
                let responses = self.responses(of: operation, at: pointer, validators: &validators, warnings: &warnings)
                routes.append(
                    MockRoute(
                        method: method, template: PathTemplate(urlTemplate: path), source: label + "#" + pointer, responses: responses,
                        operationPointer: pointer, basePaths: basePaths))
            }
        }
        return (routes, warnings)
    }

    /// The path segments of each of the document's `servers` (`https://x/api/v3` and `/api/v3`
    /// give `["api", "v3"]`), its `{variables}` at their defaults; servers at the root give none.
    var basePaths: [[String]] {
        var bases: [[String]] = []
        for server in root.member("servers")?.items ?? [] {
            guard var url = server.member("url")?.text else { continue }
            for (name, variable) in server.member("variables")?.members ?? [] {
                url = url.replacingOccurrences(of: "{\(name)}", with: variable.member("default")?.text ?? "")
            }
            let segments = PathTemplate(urlTemplate: url).segments.compactMap { segment -> String? in
                if case .literal(let text) = segment { return text }
                return nil
            }
            if !segments.isEmpty, !bases.contains(segments) { bases.append(segments) }
        }
        return bases
    }

    /// `value` with its `$ref`s followed within the document, and the pointer it was found at.
    func resolve(_ value: Parameters, at pointer: String) -> (Parameters, String) {
        var value = value
        var pointer = pointer
        for _ in 0..<32 {
            guard let target = value.member("$ref")?.text, target.hasPrefix("#"),
                let found = JSONPointer.value(at: String(target.dropFirst()), in: root)
            else { break }
            value = found
            pointer = String(target.dropFirst())
        }
        return (value, pointer)
    }

    /// The status a response key stands for: `200`, `2XX` as 200, `default` as 200 when the
    /// operation declares no success (otherwise it is not served).
    static func status(of key: String, among keys: [String]) -> Int? {
        if let code = Int(key), (100...599).contains(code) { return code }
        if key.count == 3, key.uppercased().hasSuffix("XX"), let first = Int(key.prefix(1)), (1...5).contains(first) { return first * 100 }
        if key == "default", !keys.contains(where: { $0.hasPrefix("2") }) { return 200 }
        return nil
    }

    private func responses(
        of operation: Parameters, at pointer: String, validators: inout ValidatorCache, warnings: inout [String]
    ) -> [MockResponse] {
        let declared = operation.member("responses")?.members ?? []
        var responses: [MockResponse] = []
        for (key, response) in declared {
            guard let status = Self.status(of: key, among: declared.map(\.key)) else { continue }
            let (response, responsePointer) = resolve(response, at: pointer + "/responses/" + JSONPointer.escape(key))
            let content = response.member("content")?.members ?? []
            if content.isEmpty { responses.append(MockResponse(name: "", status: status)) }
            for (mediaType, media) in content {
                let mediaPointer = responsePointer + "/content/" + JSONPointer.escape(mediaType)
                let schemaPointer = media.member("schema") == nil ? nil : mediaPointer + "/schema"
                for (name, value, place) in examples(of: media, at: mediaPointer) {
                    let body = Self.body(value, mediaType: mediaType)
                    if let schemaPointer, MediaRange.isJSON(mediaType),
                        let violation = validators.violation(of: body, schema: schemaPointer)
                    {
                        warnings.append("\(label)#\(place): the example breaks its schema: \(violation)")
                    }
                    responses.append(MockResponse(name: name, status: status, body: body, mediaType: Self.served(mediaType)))
                }
                guard let schemaPointer, let schema = media.member("schema") else { continue }
                guard let body = generated(schema, at: schemaPointer, mediaType: mediaType, validators: &validators, warnings: &warnings)
                else { continue }
                responses.append(MockResponse(name: "", status: status, body: body, mediaType: Self.served(mediaType), isGenerated: true))
            }
        }
        return responses
    }

    /// A media type's examples: `example` (named `example`), then each of `examples` by its name.
    private func examples(of media: Parameters, at pointer: String) -> [(name: String, value: Parameters, place: String)] {
        var found: [(name: String, value: Parameters, place: String)] = []
        if let example = media.member("example") { found.append(("example", example, pointer + "/example")) }
        for (name, example) in media.member("examples")?.members ?? [] {
            let (example, place) = resolve(example, at: pointer + "/examples/" + JSONPointer.escape(name))
            if let value = example.member("value") { found.append((name, value, place + "/value")) }
        }
        return found
    }

    /// A body generated from the schema: first with the schema's own examples and defaults, then,
    /// if that breaks the schema, without them. Nil for a media type that is neither JSON nor text.
    private func generated(
        _ schema: Parameters, at pointer: String, mediaType: String, validators: inout ValidatorCache, warnings: inout [String]
    ) -> [UInt8]? {
        guard MediaRange.isJSON(mediaType) else {
            guard MediaRange.essence(mediaType).hasPrefix("text/") else { return nil }
            var sampler = SchemaSampler(root: root, usesExamples: true)
            return Self.body(sampler.sample(schema), mediaType: mediaType)
        }
        var body: [UInt8] = []
        var violation: String?
        for usesExamples in [true, false] {
            var sampler = SchemaSampler(root: root, usesExamples: usesExamples)
            body = Self.body(sampler.sample(schema), mediaType: mediaType)
            violation = validators.violation(of: body, schema: pointer)
            if violation == nil { return body }
        }
        warnings.append("\(label)#\(pointer): no body generated fits this schema: \(violation ?? "")")
        return body
    }

    /// A value as a body of `mediaType`: JSON for JSON types, a string's own text otherwise.
    static func body(_ value: Parameters, mediaType: String) -> [UInt8] {
        if !MediaRange.isJSON(mediaType), case .string(let text) = value { return Array(text.utf8) }
        return Array((try? JSONRequestSerializer().serialize(value)) ?? Data())
    }

    /// The Content-Type sent for a content key: `*/*` and wildcards become JSON.
    static func served(_ mediaType: String) -> String {
        mediaType.contains("*") ? "application/json" : mediaType
    }
}

/// The document's validators, compiled once per schema pointer.
struct ValidatorCache {
    let document: Document
    private var validators: [String: SchemaValidator?] = [:]

    init(document: Document) { self.document = document }

    /// The first violation of `body` against the schema at `pointer`, as text; nil when it fits (or
    /// the schema cannot be compiled, which is not the body's fault).
    mutating func violation(of body: [UInt8], schema pointer: String) -> String? {
        if validators[pointer] == nil {
            validators[pointer] = try? SchemaValidator(document, pointer: pointer, options: SchemaOptions(direction: .response))
        }
        guard let validator = validators[pointer] ?? nil else { return nil }
        guard let instance = try? JSONParser.parse(Data(body)) else { return "not JSON" }
        return validator.violations(of: instance).first.map(\.description)
    }
}
