import Foundation

extension OpenAPIContract {
    /// Checks a response to `method` `url` against the operation they select: its status declared
    /// (or a range, or `default`), its content type declared, the required headers there and their
    /// values valid, the body valid against its media type's schema. `document` is the body
    /// already parsed, if it was; a JSON body is parsed here otherwise.
    public func check(_ response: Response, method: HTTPMethod, url: URL, document parsed: Document?) -> ContractVerdict {
        check(response, selection: selected(method: method, url: url), document: parsed)
    }

    /// `check(_:method:url:document:)` on the operation already selected (`ExchangeContract`).
    func check(
        _ response: Response, selection: Result<(ContractOperation, [String: String]), ContractFinding>, document parsed: Document?
    ) -> ContractVerdict {
        let operation: ContractOperation
        switch selection {
        case .failure(let finding): return ContractVerdict(operation: nil, status: nil, findings: [finding])
        case .success(let selected): operation = selected.0
        }
        guard let declared = operation.response(for: response.status) else {
            let statuses = operation.responses.map(\.status).joined(separator: ", ")
            return ContractVerdict(
                operation: operation.name, status: nil,
                findings: [
                    ContractFinding(
                        operation: operation.name, part: "status", keyword: "responses",
                        schemaLocation: "#" + operation.pointer + "/responses",
                        message: "\(response.status) is not declared (\(statuses.isEmpty ? "none are" : statuses))")
                ])
        }
        var findings: [ContractFinding] = []
        for header in declared.headers {
            findings += check(
                parameter: header, values: response.headers.values(for: header.name), operation: operation, direction: .response)
        }
        // A response without a body and without a Content-Type has nothing for `content` to describe.
        let contentType = declared.content == nil ? nil : response.headers["Content-Type"]
        if let content = declared.content, response.body.count > 0 || contentType != nil {
            findings += check(
                body: { try response.body.mappedData() }, parsed: parsed, contentType: contentType, declared: content, side: "",
                operation: operation, direction: .response)
        }
        var verdict = ContractVerdict(operation: operation.name, status: declared.status, findings: findings)
        verdict.passedChecks = declared.passedChecks
        return verdict
    }

    /// The violations of `document` against `schema`, as one finding (none when valid).
    func check(
        _ document: Document, against schema: ContractSchema, part: @autoclosure () -> String, operation: ContractOperation,
        direction: SchemaOptions.Direction, lines: Bool = true
    ) -> [ContractFinding] {
        switch validator(for: schema, direction: direction) {
        case .failure(let problem):
            return [
                ContractFinding(
                    operation: operation.name, part: part(), keyword: "schema", schemaLocation: "#" + schema.pointer,
                    message: "the schema cannot be used: \(problem)")
            ]
        case .success(let validator):
            let violations = validator.violations(of: document)
            guard let first = violations.first else { return [] }
            let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
            var details: [String] = []
            if lines {
                details = violations.prefix(10).map { SchemaViolationText.line($0, in: document) }
                if violations.count > 10 { details.append("… and \(violations.count - 10) more") }
            }
            return [
                ContractFinding(
                    operation: operation.name, part: part(), keyword: first.keyword, schemaLocation: first.schemaLocation,
                    message: lines ? count : "\(first.message) (\(count))", violations: violations, details: details)
            ]
        }
    }

    /// A header or parameter: present when required, and each value valid against its schema (read
    /// as its schema's type says: `42` an integer where one is declared, a string otherwise).
    func check(
        parameter: ContractParameter, values: [String], operation: ContractOperation, direction: SchemaOptions.Direction
    ) -> [ContractFinding] {
        guard !values.isEmpty else {
            guard parameter.required else { return [] }
            return [
                ContractFinding(
                    operation: operation.name, part: parameter.part, keyword: "required",
                    schemaLocation: "#" + parameter.pointer + "/required",
                    message: "is required and missing")
            ]
        }
        guard let schema = parameter.schema else { return [] }
        var text = ContractValue.json(values, of: parameter)
        // Data's generic initialiser over a sequence casts it dynamically: the bytes are copied as a buffer.
        let bytes = text.withUTF8 { Data(buffer: $0) }
        guard let document = try? JSONParser.parse(bytes) else { return [] }
        return check(document, against: schema, part: parameter.part, operation: operation, direction: direction, lines: false)
    }

    /// A body of a declared media type (its Content-Type's, `type/*` or `*/*`), and a JSON one
    /// valid against that media type's schema. `side` prefixes the parts: `request ` for a request's.
    func check(
        body: () throws -> Data, parsed: Document?, contentType: String?, declared: ContractBody, side: String,
        operation: ContractOperation, direction: SchemaOptions.Direction
    ) -> [ContractFinding] {
        guard !declared.mediaTypes.isEmpty else { return [] }
        let essence = contentType.map(ContractMediaType.essence)
        guard let essence, let mediaType = declared.mediaType(essence: essence) else {
            let declaredTypes = declared.mediaTypes.map(\.name).joined(separator: ", ")
            let found = essence.map { "\($0) is not declared" } ?? "the body has no Content-Type"
            return [
                ContractFinding(
                    operation: operation.name, part: side + "content type", keyword: "content",
                    schemaLocation: "#" + declared.pointer + "/content", message: "\(found) (\(declaredTypes))")
            ]
        }
        guard let schema = mediaType.schema, ContractMediaType.isJSON(essence: essence) else { return [] }
        let document: Document
        do {
            if let parsed, parsed.format == .json { document = parsed } else { document = try JSONParser.parse(try body()) }
        } catch {
            return [
                ContractFinding(
                    operation: operation.name, part: side + "body", keyword: "schema", schemaLocation: "#" + schema.pointer,
                    message: "the body is not JSON: \(error)")
            ]
        }
        return check(document, against: schema, part: side + "body", operation: operation, direction: direction)
    }
}
