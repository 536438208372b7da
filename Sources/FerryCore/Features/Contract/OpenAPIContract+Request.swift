import Foundation

extension OpenAPIContract {
    /// Checks a request before it is sent against the operation it selects: its path, query and
    /// header parameters (required ones there, each value valid against its schema) and its body
    /// (there when required, of a declared media type, valid against its schema; `readOnly`
    /// properties are not for requests). Cookie parameters and streamed bodies are not checked.
    public func check(request: Request) -> ContractVerdict {
        check(request: request, selection: selected(method: request.method, url: request.url))
    }

    /// `check(request:)` on the operation already selected (`ExchangeContract`).
    func check(request: Request, selection: Result<(ContractOperation, [String: String]), ContractFinding>) -> ContractVerdict {
        let operation: ContractOperation
        let pathValues: [String: String]
        switch selection {
        case .failure(let finding): return ContractVerdict(operation: nil, status: nil, findings: [finding])
        case .success(let selected): (operation, pathValues) = selected
        }
        var query: String?  // read at the first query parameter
        var findings: [ContractFinding] = []
        for parameter in operation.parameters {
            let values: [String]
            switch parameter.location {
            case "path": values = pathValues[parameter.name].map { [$0] } ?? []
            case "query":
                if query == nil { query = request.url.query(percentEncoded: true) ?? "" }
                values = Self.queryValues(named: parameter.name, in: query!)
            case "header": values = request.headers.values(for: parameter.name)
            default: continue
            }
            findings += check(parameter: parameter, values: values, operation: operation, direction: .request)
        }
        if let body = operation.requestBody { findings += check(requestBody: request, declared: body, operation: operation) }
        return ContractVerdict(operation: operation.name, status: nil, findings: findings)
    }

    private func check(requestBody request: Request, declared: ContractBody, operation: ContractOperation) -> [ContractFinding] {
        let data: Data?
        switch request.body {
        case .none: data = nil
        case .bytes(let bytes): data = bytes
        case .file(let path): data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        case .stream: return []
        }
        guard let data, !data.isEmpty else {
            guard declared.required else { return [] }
            return [
                ContractFinding(
                    operation: operation.name, part: "request body", keyword: "required",
                    schemaLocation: "#" + declared.pointer + "/required", message: "is required and missing")
            ]
        }
        return check(
            body: { data }, parsed: nil, contentType: request.headers["Content-Type"], declared: declared, side: "request ",
            operation: operation, direction: .request)
    }

    /// The operation `method` and `url` select and their path values, or the finding that none does.
    func selected(method: HTTPMethod, url: URL) -> Result<(ContractOperation, [String: String]), ContractFinding> {
        switch match(method: method.rawValue, url: url) {
        case .operation(let operation, let values): return .success((operation, values))
        case .undeclaredMethod(let template, let methods):
            return .failure(
                ContractFinding(
                    operation: method.rawValue + " " + template, part: "method", keyword: "paths",
                    schemaLocation: "#/paths/" + SchemaURI.escapeToken(template),
                    message: "\(template) declares \(methods.joined(separator: ", ")), not \(method.rawValue)"))
        case .none:
            let path = url.path(percentEncoded: true)
            return .failure(
                ContractFinding(
                    operation: method.rawValue + " " + path, part: "operation", keyword: "paths", schemaLocation: "#/paths",
                    message: "no path of \(name) matches it"))
        }
    }

    /// The values of `query`'s pairs named `name`, each percent-decoded (`+` kept), as
    /// `URLComponents.queryItems` gives them (a name without `=` has the value "", an empty query
    /// none): read in place, without a list of the pairs (or `URLComponents`).
    static func queryValues(named name: String, in query: String) -> [String] {
        guard !query.isEmpty else { return [] }
        var values: [String] = []
        var rest = query[...]
        while true {
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
            let pair = rest[..<end]
            let equals = pair.utf8.firstIndex(of: UInt8(ascii: "="))
            let key = pair[..<(equals ?? pair.endIndex)]
            if key == name || (key.utf8.contains(UInt8(ascii: "%")) && PathTemplate.decoded(key) == name) {
                values.append(equals.map { PathTemplate.decoded(pair[pair.index(after: $0)...]) } ?? "")
            }
            guard end < rest.endIndex else { return values }
            rest = rest[rest.index(after: end)...]
        }
    }
}
