import FerryCore
import Foundation

/// One Bruno request file as a request description: `meta` (name), the method block (URL, body
/// mode, auth mode), `params:query`, `params:path`, `headers`, the body block of its mode, basic
/// and bearer auth (`inherit` takes the folder's or the collection's), `docs`. Request variables
/// go into the collection's environment; `assert` and `vars:post-response` become checks where Ferry
/// has them; `tests` and scripts are kept as `scripts:`; the rest is named in `report`.
struct BrunoRequestReader: FileReading {
    /// The file below the collection (`echo/echo json.bru`), for notes and problems.
    let place: String
    let document: BruDocument
    /// The auth a request with `auth: inherit` takes; nil for none.
    let inheritedAuth: Authentication?
    var report = ImportReport()
    var attachments: Set<String> = []
    /// `vars:pre-request` of the request.
    private(set) var variables: [Variable] = []

    static let methods = ["get", "post", "put", "delete", "patch", "options", "head", "connect", "trace"]
    private static let templates = ImportedTemplates(builtIns: [
        "$guid": "$uuid", "$randomUUID": "$uuid", "$timestamp": "$timestamp",
        "$isoTimestamp": "$isoTimestamp", "$randomInt": "$randomInt",
    ])
    private static let contentTypes = [
        "json": "application/json", "text": "text/plain", "xml": "application/xml", "sparql": "application/sparql-query",
    ]

    init(place: String, document: BruDocument, inheritedAuth: Authentication?) {
        self.place = place
        self.document = document
        self.inheritedAuth = inheritedAuth
    }

    /// `text` in Ferry's spelling: `{{process.env.NAME}}` is `{{$env.NAME}}`.
    static func template(_ text: String) -> String {
        templates.rewrite(text.replacingOccurrences(of: "{{process.env.", with: "{{$env.")).text
    }

    private func at(_ line: Int) -> String { "\(place):\(line)" }

    /// The description; nil (noted) for a file that is not an HTTP request (GraphQL ones are).
    mutating func description() throws(ImportProblem) -> RequestDescription? {
        guard let method = document.blocks.first(where: { Self.methods.contains($0.name) }) else {
            report.dropped(place, "no HTTP method block (get, post, …): not a request Ferry sends")
            return nil
        }
        let (base, urlQuery) = URLQuery.split(Self.template(method.value("url") ?? ""))
        var description = RequestDescription(method: HTTPMethod(method.name), url: base)
        description.name = document.block("meta")?.value("name")
        if let docs = document.block("docs")?.text, !docs.isEmpty { description.description = docs }
        var query = urlQuery
        var disabled: [(String, String)] = []
        if let params = document.block("params:query") {
            query = []
            for entry in params.entries {
                let pair = (entry.key, Self.template(entry.value))
                if entry.enabled { query.append(pair) } else { disabled.append(pair) }
            }
        }
        URLQuery.apply(query, disabled: disabled, to: &description)
        for entry in document.block("params:path")?.entries ?? [] {
            let value = entry.value.isEmpty ? "{{\(entry.key)}}" : Self.template(entry.value)
            description.url = description.url.components(separatedBy: "/").map { $0 == ":" + entry.key ? value : $0 }.joined(separator: "/")
            report.approximated(at(entry.line), "the path parameter :\(entry.key) is written into the URL as \(value)")
        }
        for entry in document.block("headers")?.entries ?? [] {
            description.headers.append(.init(name: entry.key, value: Self.template(entry.value), enabled: entry.enabled))
        }
        readBody(mode: method.value("body") ?? "none", into: &description)
        readAuth(mode: method.value("auth") ?? "none", line: method.line, into: &description)
        for entry in document.block("vars:pre-request")?.entries ?? [] where entry.enabled {
            variables.append(Variable(name: entry.key, value: Self.template(entry.value)))
            report.approximated(
                at(entry.line), "the request variable \(entry.key) is in the collection's environment, seen by every request")
        }
        readChecks(into: &description)
        return description
    }

    private mutating func readBody(mode: String, into description: inout RequestDescription) {
        let hasType = description.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame && $0.enabled }
        switch mode {
        case "none":
            return
        case "json", "text", "xml", "sparql":
            guard let block = document.block("body:\(mode)") else { return }
            description.body = .raw(Self.template(block.text), contentType: hasType ? nil : Self.contentTypes[mode])
        case "formUrlEncoded":
            let entries = document.block("body:form-urlencoded")?.entries ?? []
            let pairs = entries.filter(\.enabled).map { ($0.key, Self.template($0.value)) }
            let disabled = entries.filter { !$0.enabled }.map { ($0.key, Self.template($0.value)) }
            for (key, _) in FormFields.apply(pairs, disabled: disabled, to: &description) {
                let line = entries.first { $0.key == key && !$0.enabled }?.line ?? 1
                report.dropped(at(line), "the disabled form field \(key) is not imported (query parameters are disabled too)")
            }
        case "multipartForm":
            var parts: [RequestDescription.MultipartPart] = []
            for entry in document.block("body:multipart-form")?.entries ?? [] {
                guard entry.enabled else {
                    report.dropped(at(entry.line), "the disabled part \(entry.key) is not imported")
                    continue
                }
                let (value, type) = Self.contentType(of: entry.value)
                if value.hasPrefix("@file("), value.hasSuffix(")") {
                    let paths = value.dropFirst(6).dropLast().split(separator: "|").map(String.init)
                    for path in paths {
                        parts.append(.init(name: entry.key, value: .file(path: path), contentType: type))
                        reads(path, "the file part \(entry.key)", at: at(entry.line))
                    }
                } else {
                    parts.append(.init(name: entry.key, value: .text(Self.template(value)), contentType: type))
                }
            }
            description.body = .multipart(parts)
        case "graphql":
            let query = document.block("body:graphql")?.text ?? ""
            var object: [(key: String, value: Parameters)] = [("query", .string(Self.template(query)))]
            if let variables = document.block("body:graphql:vars")?.text, let parameters = try? Parameters(json: Self.template(variables)) {
                object.append(("variables", parameters))
            }
            description.body = .json(.object(object))
            report.approximated(place, "the GraphQL query is sent as a JSON body {\"query\", \"variables\"}")
        case "file":
            guard let entry = document.block("body:file")?.entries.first(where: \.enabled) else { return }
            let (value, type) = Self.contentType(of: entry.value)
            let path = value.hasPrefix("@file(") ? String(value.dropFirst(6).dropLast()) : value
            description.body = .file(path: path, contentType: hasType ? nil : type)
            reads(path, "the body", at: at(entry.line))
        default:
            report.dropped(place, "the body mode \(mode) is not supported")
        }
    }

    /// A part's value without its trailing `@contentType(…)`, and that type.
    private static func contentType(of value: String) -> (String, String?) {
        guard let range = value.range(of: " @contentType("), value.hasSuffix(")") else { return (value, nil) }
        return (String(value[..<range.lowerBound]), String(value[range.upperBound...].dropLast()))
    }

    private mutating func readAuth(mode: String, line: Int, into description: inout RequestDescription) {
        switch mode {
        case "none":
            break
        case "inherit":
            description.auth = inheritedAuth
        case "basic", "bearer":
            description.auth = Self.credentials(mode, in: document)
        default:
            report.dropped(at(line), "\(mode) authentication is not supported yet")
        }
    }

    /// The `auth:basic` or `auth:bearer` block as credentials.
    static func credentials(_ mode: String, in document: BruDocument) -> Authentication? {
        switch mode {
        case "basic":
            guard let block = document.block("auth:basic") else { return nil }
            return .basic(username: template(block.value("username") ?? ""), password: template(block.value("password") ?? ""))
        case "bearer":
            guard let block = document.block("auth:bearer") else { return nil }
            return .bearer(token: template(block.value("token") ?? ""))
        default:
            return nil
        }
    }

    /// Asserts and post-response variables Ferry can check become `expect:` and `capture:` (the
    /// others are named with their text); tests and scripts become `scripts:`.
    private mutating func readChecks(into description: inout RequestDescription) {
        for entry in document.block("assert")?.entries ?? [] where entry.enabled {
            if let assertion = BrunoCheck.assertion(key: entry.key, value: entry.value) {
                description.assertions.append(assertion)
            } else {
                report.dropped(at(entry.line), "the assert `\(entry.key): \(entry.value)` has no counterpart in Ferry's assertions")
            }
        }
        for entry in document.block("vars:post-response")?.entries ?? [] where entry.enabled {
            if let capture = BrunoCheck.capture(name: entry.key, value: entry.value) {
                description.captures.append(capture)
            } else {
                report.dropped(at(entry.line), "the capture `\(entry.key): \(entry.value)` has no counterpart in Ferry's captures")
            }
        }
        description.scripts = Self.scripts(of: document, report: &report, place: at)
    }

    /// The `script:pre-request`, `script:post-response` and `tests` blocks of a request, folder or
    /// collection file, kept as `scripts:` (Bruno's `bru`, `req`, `res`, `test` and `expect` run in Ferry).
    static func scripts(of document: BruDocument, report: inout ImportReport, place: (Int) -> String) -> RequestScripts {
        var scripts = RequestScripts()
        let phases: [(String, RequestScripts.Phase)] = [
            ("script:pre-request", .preRequest), ("script:post-response", .postResponse), ("tests", .tests),
        ]
        for (name, phase) in phases {
            guard let block = document.block(name), !block.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            let text = block.text.hasSuffix("\n") ? block.text : block.text + "\n"
            scripts[phase] = ScriptSource(text, file: place(block.line))
            report.imported(place(block.line), "the \(name) block, kept as scripts: \(phase.rawValue)")
        }
        return scripts
    }
}
