import Foundation

/// One operation of an OpenAPI document as the contract checks it: its method and path template,
/// where it is in the document, its parameters, request body and declared responses.
public struct ContractOperation: Sendable, Hashable {
    public let method: String
    public let template: PathTemplate
    /// JSON pointer to the operation object (`/paths/~1pets~1{petId}/get`).
    public let pointer: String
    public let parameters: [ContractParameter]
    public let requestBody: ContractBody?
    /// The declared responses, in document order: `200`, `2XX`, `default`.
    public let responses: [ContractResponse]
    /// `GET /pets/{petId}` (made once: every verdict names it).
    public let name: String

    init(
        method: String, template: PathTemplate, pointer: String, parameters: [ContractParameter], requestBody: ContractBody?,
        responses: [ContractResponse]
    ) {
        self.method = method
        self.template = template
        self.pointer = pointer
        self.parameters = parameters
        self.requestBody = requestBody
        let name = method + " " + template.text
        self.responses = responses.map { response in
            var named = response
            named.passedChecks = [ContractVerdict.passedCheck(operation: name, status: response.status)]
            return named
        }
        self.name = name
    }

    /// The response a status selects: its own code, else its range (`4XX`), else `default`.
    public func response(for status: Int) -> ContractResponse? {
        let code = String(status)
        let range = "\(status / 100)XX"
        return responses.first { $0.status == code } ?? responses.first { $0.status.uppercased() == range }
            ?? responses.first { $0.status == "default" }
    }
}

/// A declared response (`200`, `4XX`, `default`) with its headers and media types.
public struct ContractResponse: Sendable, Hashable {
    public let status: String
    public let pointer: String
    public let headers: [ContractParameter]
    /// Nil when the response declares no `content` (then no body is described).
    public let content: ContractBody?
    /// Its passed check (`✓ contract GET /pets → 200`), made with its operation.
    var passedChecks: [AssertionResult] = []
}

/// A request or response body: whether it is required and its media types, each with its schema.
public struct ContractBody: Sendable, Hashable {
    public let pointer: String
    public let required: Bool
    public let mediaTypes: [ContractMediaType]

    /// The declared media type `contentType` (parameters ignored) falls under: itself, else
    /// `type/*`, else `*/*`. Nil when none.
    public func mediaType(for contentType: String) -> ContractMediaType? { mediaType(essence: ContractMediaType.essence(contentType)) }

    /// `mediaType(for:)` of a content type's essence.
    func mediaType(essence name: Substring) -> ContractMediaType? {
        if let exact = mediaTypes.first(where: { $0.name == name }) { return exact }
        let type = name.split(separator: "/").first.map { String($0) + "/*" } ?? name
        return mediaTypes.first { $0.name == type } ?? mediaTypes.first { $0.name == "*/*" }
    }
}

/// A media type of a body (`application/json`) and its schema, if it has one.
public struct ContractMediaType: Sendable, Hashable {
    public let name: String
    let schema: ContractSchema?

    /// `application/json; charset=utf-8` → `application/json`, lowercased (trimmed in Swift, not
    /// through NSString, and a slice of `contentType` when it is already plain: this runs for every
    /// response a contract checks).
    static func essence(_ contentType: String) -> Substring {
        let name = contentType[..<(contentType.utf8.firstIndex(of: UInt8(ascii: ";")) ?? contentType.endIndex)]
        let plain = name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x80 && !(0x41...0x5A).contains($0) }
        return plain ? name : Substring(name.trimmingWhitespace().lowercased())
    }

    /// True for JSON media types: `application/json`, `…/…+json`.
    static func isJSON(_ name: String) -> Bool { isJSON(essence: essence(name)) }

    /// `isJSON(_:)` of a content type's essence.
    static func isJSON(essence: Substring) -> Bool {
        essence == "application/json" || essence.hasSuffix("+json") || essence == "text/json"
    }
}

/// A parameter (path, query, header, cookie) or a response header: its name, whether it is
/// required, and its schema.
public struct ContractParameter: Sendable, Hashable {
    public let name: String
    /// `path`, `query`, `header`, `cookie`; `header` for a response's headers.
    public let location: String
    public let required: Bool
    public let pointer: String
    let schema: ContractSchema?
    /// How a value's text reads as JSON: its schema's `type` and, for an array, its items' (read
    /// once with the document, not at every exchange).
    let valueType: String?
    let itemsType: String?

    /// The part of the message it is, in findings: `header X-Rate-Limit`, `parameter limit (query)`.
    var part: String { location == "header" ? "header \(name)" : "parameter \(name) (\(location))" }
}
