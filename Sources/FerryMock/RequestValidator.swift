import FerryCore
import Foundation

/// `--validate`: a request checked against its OpenAPI operation — path, query and header
/// parameters (required, and their schemas once read as the schema's type) and the body (required,
/// a declared media type, JSON that its schema takes). A violation is a 400 problem naming where it is.
public final class RequestValidator: @unchecked Sendable {
    private let documents: [OpenAPIMockSource]
    private let lock = NSLock()
    private var validators: [String: SchemaValidator?] = [:]

    public init(documents: [OpenAPIMockSource]) { self.documents = documents }

    /// One thing wrong with a request: where (`query`, `path`, `header`, `body`), the JSON pointer
    /// (`/limit` of the query, `/name` of the body) and what.
    struct Violation {
        var location: String
        var pointer: String
        var message: String

        var member: Parameters {
            .object([("in", .string(location)), ("pointer", .string(pointer)), ("message", .string(message))])
        }
    }

    /// The 400 (or 415) for `request` to `route`, nil when it is valid or the route has no operation.
    func problem(for request: MockRequest, route: MockRoute, parameters: [(name: String, value: String)]) -> MockProblem? {
        guard let pointer = route.operationPointer, let source = documents.first(where: { route.source.hasPrefix($0.label + "#") }),
            let operation = JSONPointer.value(at: pointer, in: source.root)
        else { return nil }
        var violations: [Violation] = []
        for (parameter, schemaPointer) in declaredParameters(of: operation, at: pointer, in: source) {
            violations += check(parameter, schema: schemaPointer, request: request, pathValues: parameters, in: source)
        }
        if let body = operation.member("requestBody") {
            let (body, bodyPointer) = source.resolve(body, at: pointer + "/requestBody")
            if let unsupported = checkMediaType(of: request, body: body) { return unsupported }
            violations += checkBody(request, body: body, at: bodyPointer, in: source)
        }
        guard let first = violations.first else { return nil }
        let place = first.location + (first.pointer.isEmpty ? "" : " " + first.pointer)
        return MockProblem(
            status: 400, title: "Invalid request", detail: "\(place): \(first.message)",
            extra: [("errors", .array(violations.map(\.member)))])
    }

    /// The operation's parameters with the path item's it does not override, each with its schema's pointer.
    private func declaredParameters(
        of operation: Parameters, at pointer: String, in source: OpenAPIMockSource
    )
        -> [(Parameters, String?)]
    {
        let itemPointer = String(pointer[..<pointer.lastIndex(of: "/")!])
        var found: [(Parameters, String?)] = []
        for (list, listPointer) in [
            (operation.member("parameters"), pointer + "/parameters"),
            (JSONPointer.value(at: itemPointer + "/parameters", in: source.root), itemPointer + "/parameters"),
        ] {
            for (index, parameter) in (list?.items ?? []).enumerated() {
                let (parameter, place) = source.resolve(parameter, at: "\(listPointer)/\(index)")
                let key = (parameter.member("name")?.text, parameter.member("in")?.text)
                guard !found.contains(where: { ($0.0.member("name")?.text, $0.0.member("in")?.text) == key }) else { continue }
                found.append((parameter, parameter.member("schema") == nil ? nil : place + "/schema"))
            }
        }
        return found
    }

    private func check(
        _ parameter: Parameters, schema: String?, request: MockRequest, pathValues: [(name: String, value: String)],
        in source: OpenAPIMockSource
    ) -> [Violation] {
        guard let name = parameter.member("name")?.text, let location = parameter.member("in")?.text else { return [] }
        let values: [String]
        switch location {
        case "path": values = pathValues.filter { $0.name == name }.map(\.value)
        case "query": values = request.query.filter { $0.name == name }.map(\.value)
        case "header": values = request.headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        default: return []
        }
        let pointer = "/" + JSONPointer.escape(name)
        guard !values.isEmpty else {
            let required = location == "path" || parameter.member("required")?.isTrue == true
            return required ? [Violation(location: location, pointer: pointer, message: "\(name) is required")] : []
        }
        guard let schema, let definition = JSONPointer.value(at: schema, in: source.root) else { return [] }
        let resolved = source.resolve(definition, at: schema).0
        let value = Self.typed(values, schema: resolved, in: source)
        guard let instance = try? JSONParser.parse((try? JSONRequestSerializer().serialize(value)) ?? Data()) else { return [] }
        return violations(of: instance, schema: schema, in: source).map {
            Violation(location: location, pointer: pointer + $0.instancePointer, message: $0.message)
        }
    }

    /// A parameter's text as the JSON value its schema's type reads it as (arrays split at commas).
    static func typed(_ values: [String], schema: Parameters, in source: OpenAPIMockSource) -> Parameters {
        let type = schema.member("type")?.text ?? schema.member("type")?.items?.compactMap(\.text).first { $0 != "null" }
        if type == "array" {
            let parts = values.count == 1 ? values[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : values
            let items = schema.member("items").map { source.resolve($0, at: "").0 } ?? .object([])
            return .array(parts.map { typed([$0], schema: items, in: source) })
        }
        let text = values[0]
        switch type {
        case "integer", "number":
            return Double(text) != nil && !text.contains(where: { $0.isLetter }) ? .number(text) : .string(text)
        case "boolean": return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        default: return .string(text)
        }
    }

    /// A 415 when the request's body is of a media type the operation does not take.
    private func checkMediaType(of request: MockRequest, body: Parameters) -> MockProblem? {
        guard !request.body.isEmpty, let content = body.member("content")?.members, !content.isEmpty else { return nil }
        let type = MediaRange.essence(request.header("Content-Type") ?? "")
        guard !content.contains(where: { MediaRange.accepts($0.key, type) }) else { return nil }
        return MockProblem(
            status: 415, title: "Unsupported media type",
            detail:
                "the body is \(type.isEmpty ? "without a Content-Type" : type); the operation takes \(content.map(\.key).joined(separator: ", "))"
        )
    }

    private func checkBody(_ request: MockRequest, body: Parameters, at pointer: String, in source: OpenAPIMockSource) -> [Violation] {
        guard !request.body.isEmpty else {
            return body.member("required")?.isTrue == true ? [Violation(location: "body", pointer: "", message: "a body is required")] : []
        }
        let type = MediaRange.essence(request.header("Content-Type") ?? "")
        guard MediaRange.isJSON(type), !type.isEmpty,
            let (mediaType, media) = body.member("content")?.members.first(where: { MediaRange.accepts($0.key, type) }),
            media.member("schema") != nil
        else { return [] }
        let instance: Document
        do {
            instance = try JSONParser.parse(Data(request.body))
        } catch {
            return [
                Violation(
                    location: "body", pointer: "", message: "not JSON at line \(error.line), column \(error.column): \(error.message)")
            ]
        }
        let schema = pointer + "/content/" + JSONPointer.escape(mediaType) + "/schema"
        return violations(of: instance, schema: schema, in: source).map {
            Violation(location: "body", pointer: $0.instancePointer, message: $0.message)
        }
    }

    private func violations(of instance: Document, schema pointer: String, in source: OpenAPIMockSource) -> [SchemaViolation] {
        let key = source.label + "#" + pointer
        let validator = lock.withLock { () -> SchemaValidator? in
            if let cached = validators[key] { return cached }
            let compiled = try? SchemaValidator(source.document, pointer: pointer, options: SchemaOptions(direction: .request))
            validators[key] = compiled
            return compiled
        }
        return validator?.violations(of: instance) ?? []
    }
}
