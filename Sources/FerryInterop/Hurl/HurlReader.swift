import FerryCore
import Foundation

/// Reads the entries of a Hurl file as request descriptions: the request line, headers,
/// `[QueryStringParams]`, `[FormParams]`, `[MultipartFormData]`, `[Cookies]`, `[BasicAuth]`,
/// `[Options]` and the body (JSON, XML, ```` ``` ```` multiline, `` `oneline` ``, `file,…;`,
/// `base64,…;`, `hex,…;`). The response part — status, headers, `[Asserts]`, `[Captures]`, body —
/// is what Hurl checks; Ferry has no assertions yet, so each is named in the report with its text.
/// An entry is named after the comment line just above it.
struct HurlReader {
    /// One line of the file with its 1-based number.
    private typealias Line = (number: Int, text: String)

    let source: String
    var collection = ImportedCollection()
    /// `variable: name=value` options, gathered into one environment.
    private(set) var variables: [Variable] = []

    private static let templates = ImportedTemplates(
        builtIns: [
            "newUuid": "$uuid", "newDate": "$isoTimestamp", "randomBool": "$randomBoolean", "randomEmail": "$randomEmail",
            "randomFirstName": "$randomFirstName", "randomLastName": "$randomLastName", "randomFullName": "$randomFullName",
            "randomWord": "$randomWord", "randomUuid": "$uuid",
        ],
        withArgument: ["randomInt": "$randomInt ", "randomString": "$randomString "])

    init(source: String) { self.source = source }

    private func problem(_ line: Line, _ message: String) -> ImportProblem {
        ImportProblem(source: source, place: "line \(line.number), column \(line.text.prefix { $0.isWhitespace }.count + 1)", message)
    }

    private func place(_ line: Line) -> String { "line \(line.number)" }

    private func template(_ text: String) -> String { Self.templates.rewrite(text).text }

    mutating func read(_ text: String) throws(ImportProblem) {
        let lines: [Line] = text.splitLines().enumerated().map { offset, line in
            (offset + 1, String(line.hasSuffix("\r") ? line.dropLast() : line))
        }
        var index = 0
        var comments: [String] = []
        while index < lines.count {
            let text = lines[index].text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                comments = []
                index += 1
            } else if text.hasPrefix("#") {
                comments.append(text.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
                index += 1
            } else if HurlText.isRequestLine(text) {
                index = try readEntry(lines, at: index, name: comments.first { !$0.isEmpty })
                comments = []
            } else {
                throw problem(lines[index], "expected a request line: METHOD URL")
            }
        }
        // Hurl runs its entries in the file's order.
        collection.keepRequestOrder()
    }

    // MARK: - One entry

    /// What the sections of one request gathered.
    private struct Parts {
        var query: [(String, String)] = []
        var form: [(String, String)]?
        var multipart: [RequestDescription.MultipartPart]?
        /// `[Options] digest: true`: the credentials go with HTTP Digest.
        var digest = false
        /// `[Options] no-header: NAME`: headers the entry does not send.
        var removedHeaders: [String] = []
    }

    /// Reads the entry whose request line is at `start`; returns the index of the next entry's line.
    private mutating func readEntry(_ lines: [Line], at start: Int, name: String?) throws(ImportProblem) -> Int {
        let requestLine = lines[start]
        let words = requestLine.text.split(whereSeparator: \.isWhitespace).map(String.init)
        let (base, query) = URLQuery.split(template(words[1]))
        var description = RequestDescription(method: HTTPMethod(words[0]), url: base)
        description.name = name
        description.options.followRedirects = false  // Hurl follows redirects only when told
        // Hurl sends `Accept: */*` and its User-Agent, and asks for no compression unless told (`compressed`).
        description.options.defaultHeaders = false
        description.options.decompress = false
        var parts = Parts(query: query)
        var section: String?
        var index = start + 1
        while let (line, text) = Self.line(lines, at: &index) {
            if HurlText.isResponseLine(text) {
                index = readResponse(lines, at: index, into: &description)
                break
            }
            if let name = HurlText.section(text) {
                guard let known = HurlText.sections[name], known != "Asserts", known != "Captures" else {
                    throw problem(line, "unknown request section [\(name)]")
                }
                section = known
                index += 1
                continue
            }
            // `Name;` is a header with an empty value, as Hurl writes it.
            if section == nil, text.hasSuffix(";"), case let name = String(text.dropLast()), !name.isEmpty,
                name.allSatisfy({ $0.isLetter || $0.isNumber || "-_".contains($0) })
            {
                description.headers.append(.init(name: name, value: ""))
                index += 1
                continue
            }
            if let (key, value) = HurlText.keyValue(text), !Self.startsBody(text) {
                try apply(key: key, value: template(value), section: section, line: line, to: &description, parts: &parts)
                index += 1
                continue
            }
            guard Self.startsBody(text) else { throw problem(line, "expected a header Name: value, a [Section], a body or HTTP STATUS") }
            index = try readBody(lines, at: index, into: &description)
        }
        if description.retry?.count == 0 { description.retry = nil }  // an interval alone, or `retry: 0`
        // Hurl decodes any body sent compressed; one is sent so when the request asks in its own header,
        // which libcurl then sends in place of its own and decodes after.
        if description.headers.contains(where: { $0.name.caseInsensitiveCompare("Accept-Encoding") == .orderedSame && !$0.value.isEmpty }) {
            description.options.decompress = true
        }
        if parts.digest, case .basic(let username, let password)? = description.auth {
            description.auth = .digest(username: username, password: password)
        }
        for name in parts.removedHeaders {
            description.headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            // A header Ferry or libcurl add is left out by an empty value.
            if HTTPHeaders.generated.contains(name.lowercased()) { description.headers.append(.init(name: name, value: "")) }
        }
        URLQuery.apply(parts.query, to: &description)
        if let form = parts.form {
            description.body = .form(Parameters.flat(form))
            if Set(form.map(\.0)).count < form.count { description.parameterStyle.arrayStyle = .repeat }
        }
        if let multipart = parts.multipart { description.body = .multipart(multipart) }
        let path = base.range(of: "://").map { String(base[$0.upperBound...].drop { $0 != "/" }) } ?? String(base.drop { $0 != "/" })
        collection.add(description, title: name ?? "\(words[0]) \(path)", folder: "", source: place(requestLine))
        collection.report.imported(place(requestLine), "\(words[0]) \(words[1])")
        return Self.commentsStart(lines, before: index)
    }

    /// The line at `index` or after it that is neither blank nor a comment (`index` moved onto it),
    /// with its trimmed text; nil at the end or at the next entry's request line.
    private static func line(_ lines: [Line], at index: inout Int) -> (line: Line, text: String)? {
        while index < lines.count {
            let text = lines[index].text.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty, !text.hasPrefix("#") { return HurlText.isRequestLine(text) ? nil : (lines[index], text) }
            index += 1
        }
        return nil
    }

    /// The first of the comment lines right above `index` (they name the next entry); `index` when none.
    private static func commentsStart(_ lines: [Line], before index: Int) -> Int {
        var start = index
        while start > 0, lines[start - 1].text.trimmingCharacters(in: .whitespaces).hasPrefix("#") { start -= 1 }
        return start
    }

    /// A key-value line: a header before any section, else an entry of `section`.
    private mutating func apply(
        key: String, value: String, section: String?, line: Line,
        to description: inout RequestDescription, parts: inout Parts
    ) throws(ImportProblem) {
        switch section {
        case nil:
            if key.caseInsensitiveCompare("Authorization") == .orderedSame, description.auth == nil,
                let credentials = AuthorizationHeader.credentials(value)
            {
                description.auth = credentials
            } else {
                description.headers.append(.init(name: key, value: value))
            }
        case "Query":
            parts.query.append((key, value))
        case "Form":
            parts.form = (parts.form ?? []) + [(key, value)]
        case "Multipart":
            var part = RequestDescription.MultipartPart(name: key, value: .text(value))
            if value.hasPrefix("file,") {
                let rest = value.dropFirst(5)
                let path = rest.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
                let type = rest.drop { $0 != ";" }.dropFirst().trimmingCharacters(in: .whitespaces)
                part = .init(name: key, value: .file(path: path), contentType: type.isEmpty ? nil : type)
                collection.reads(path, "the file part \(key)", at: place(line))
            }
            parts.multipart = (parts.multipart ?? []) + [part]
        case "Cookies":
            description.cookies.append(.init(name: key, value: value))
        case "BasicAuth":
            description.auth = .basic(username: key, password: value)
        default:
            applyOption(key, value, line: line, to: &description, parts: &parts)
        }
    }

    /// One `[Options]` entry: redirects, TLS, HTTP version, credentials, headers, delay, output,
    /// variables; others are named.
    private mutating func applyOption(
        _ key: String, _ value: String, line: Line, to description: inout RequestDescription, parts: inout Parts
    ) {
        let on = value != "false"
        switch key {
        case "location": description.options.followRedirects = on
        case "location-trusted":
            description.options.followRedirects = on
            description.options.keepsCredentialsOnRedirect = on ? true : nil
        case "max-redirs" where (0...1000).contains(Int(value) ?? -1): description.options.maxRedirects = Int(value)!
        case "compressed": description.options.decompress = on
        case "digest": parts.digest = on
        case "delay" where (0...600_000).contains(HurlText.milliseconds(value) ?? -1): description.delay = HurlText.milliseconds(value)!
        case "header" where value.contains(":"):
            let colon = value.firstIndex(of: ":")!
            description.headers.append(
                .init(
                    name: value[..<colon].trimmingCharacters(in: .whitespaces),
                    value: value[value.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        case "no-header": parts.removedHeaders.append(value.trimmingCharacters(in: .whitespaces))
        case "variables-file": readVariablesFile(value, line: line)
        case "insecure": description.options.tls.verifyPeer = !on
        case "http1.1" where on: description.options.httpVersion = .http1_1
        case "http2" where on: description.options.httpVersion = .http2
        case "retry" where (0...1000).contains(Int(value) ?? -1):  // Hurl's -1 (no end) has no counterpart
            description.retry = RetryPolicy(count: Int(value)!, interval: description.retry?.interval ?? 1000)
        case "retry-interval" where (0...600_000).contains(HurlText.milliseconds(value) ?? -1):
            description.retry = RetryPolicy(count: description.retry?.count ?? 0, interval: HurlText.milliseconds(value)!)
        case "user" where value.contains(":"):
            let colon = value.firstIndex(of: ":")!
            description.auth = .basic(username: String(value[..<colon]), password: String(value[value.index(after: colon)...]))
        case "output":
            description.output = value
            if value != "-" { collection.report.approximated(place(line), "the output \(value) is written relative to the collection") }
        case "variable" where value.contains("="):
            let equals = value.firstIndex(of: "=")!
            let name = String(value[..<equals])
            variables.set(Variable(name: name, value: String(value[value.index(after: equals)...])))
            collection.report.approximated(place(line), "the variable \(name) is in the file's environment, seen by every request")
        default:
            collection.report.dropped(place(line), "the option \(key): \(value) has no counterpart in Ferry")
        }
    }

    /// `variables-file: PATH`: its `name=value` lines join the file's environment, as `variable:` does.
    /// The path is taken as Hurl takes it, from the current folder, else from the Hurl file's; a file
    /// outside both is not read (a Hurl file is someone else's input).
    private mutating func readVariablesFile(_ path: String, line: Line) {
        let folders = [FileManager.default.currentDirectoryPath, (source as NSString).deletingLastPathComponent]
        let readable = folders.lazy.compactMap { try? FileAccessPolicy(collection: $0).readablePath(path, field: "variables-file") }
        guard let text = readable.compactMap({ try? String(contentsOfFile: $0, encoding: .utf8) }).first else {
            collection.report.dropped(
                place(line),
                "the variables file \(path) cannot be read here (or lies outside this folder and the Hurl file's); its variables are left out"
            )
            return
        }
        for entry in text.splitLines() {
            let entry = entry.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, !entry.hasPrefix("#"), let equals = entry.firstIndex(of: "=") else { continue }
            variables.set(Variable(name: String(entry[..<equals]), value: String(entry[entry.index(after: equals)...])))
        }
        collection.report.approximated(place(line), "the variables of \(path) are in the file's environment, seen by every request")
    }

    /// True for the first line of a body: JSON, XML, a multiline or one-line string, or a
    /// `file,`, `base64,` or `hex,` value.
    private static func startsBody(_ text: String) -> Bool {
        if HurlText.section(text) != nil || text.hasPrefix("{{") { return false }  // `{{user}}: …` is a key
        if let first = text.first, "{[\"`<-0123456789".contains(first) { return true }
        return ["true", "false", "null"].contains(text) || ["file,", "base64,", "hex,"].contains(where: text.hasPrefix)
    }

    /// The request body starting at `start`; returns the index after it.
    private mutating func readBody(_ lines: [Line], at start: Int, into description: inout RequestDescription) throws(ImportProblem) -> Int
    {
        let line = lines[start]
        let text = line.text.trimmingCharacters(in: .whitespaces)
        let hasType = description.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        if text.hasPrefix("```") {
            let language = text.dropFirst(3).trimmingCharacters(in: .whitespaces)
            guard let end = lines[(start + 1)...].firstIndex(where: { $0.text.trimmingCharacters(in: .whitespaces) == "```" }) else {
                throw problem(line, "the multiline string is not closed with ```")
            }
            let body = lines[(start + 1)..<end].map { $0.text + "\n" }.joined()
            if language == "graphql" {
                description.body = .json(try graphQLRequest(lines[(start + 1)..<end]))
                collection.report.approximated(place(line), "the GraphQL query is sent as a JSON body {\"query\": …}")
            } else if language == "raw" {
                description.body = .bytes(Data(body.utf8), contentType: nil)  // sent as written, `{{…}}` included
            } else {
                description.body = .raw(template(body), contentType: nil)  // Hurl applies no escapes in a multiline string
                let implied = ["json": "application/json", "xml": "application/xml"][language]
                if let implied, !hasType { description.headers.append(.init(name: "Content-Type", value: implied)) }
            }
            return end + 1
        }
        if text.hasPrefix("`") {
            guard text.count >= 2, text.hasSuffix("`") else { throw problem(line, "the one-line string is not closed with `") }
            description.body = .raw(template(HurlText.unescaped(text.dropFirst().dropLast())), contentType: nil)
            return start + 1
        }
        for kind in ["file,", "base64,", "hex,"] where text.hasPrefix(kind) {
            guard let semicolon = text.firstIndex(of: ";") else { throw problem(line, "expected ; after the \(kind) value") }
            let value = text[text.index(text.startIndex, offsetBy: kind.count)..<semicolon].trimmingCharacters(in: .whitespaces)
            switch kind {
            case "file,":
                description.body = .file(path: value, contentType: nil)
                collection.reads(value, "the body", at: place(line))
            case "base64,":
                guard let data = Data(base64Encoded: value.filter { !$0.isWhitespace }) else { throw problem(line, "not valid base64") }
                description.body = .bytes(data, contentType: nil)
            default:
                guard let data = Data(hexText: value) else { throw problem(line, "not valid hexadecimal") }
                description.body = .bytes(data, contentType: nil)
            }
            return start + 1
        }
        // JSON or XML: every line up to the response, the next entry or the end.
        var end = start + 1
        while end < lines.count {
            let next = lines[end].text.trimmingCharacters(in: .whitespaces)
            if HurlText.isResponseLine(next) || HurlText.isRequestLine(next) { break }
            end += 1
        }
        var body = lines[start..<end].map(\.text)
        while let last = body.last, last.trimmingCharacters(in: .whitespaces).isEmpty || last.hasPrefix("#") { body.removeLast() }
        // As Hurl types them.
        let implied = text.hasPrefix("<") ? "application/xml" : "application/json"
        if !hasType { description.headers.append(.init(name: "Content-Type", value: implied)) }
        description.body = .raw(template(body.joined(separator: "\n")), contentType: nil)
        return end
    }

    /// The JSON object Hurl sends for the lines of a ```` ```graphql ```` string: `{"query": …}`, the
    /// query without its final newline, and `"variables"` from a `variables {…}` block after it.
    private func graphQLRequest(_ lines: ArraySlice<Line>) throws(ImportProblem) -> Parameters {
        let block = lines.firstIndex {
            $0.text.hasPrefix("variables") && $0.text.dropFirst(9).trimmingCharacters(in: .whitespaces).hasPrefix("{")
        }
        var query = lines[..<(block ?? lines.endIndex)].map(\.text).joined(separator: "\n")
        while query.last?.isNewline == true || query.last == " " { query.removeLast() }
        var members: [(String, Parameters)] = [("query", .string(template(query)))]
        if let block {
            let text = template(lines[block...].map(\.text).joined(separator: "\n").dropFirst(9).trimmingCharacters(in: .whitespaces))
            guard let document = try? JSONParser.parse(Data(text.utf8)), let variables = try? Parameters(document: document) else {
                throw problem(lines[block], "the GraphQL variables are not a JSON object")
            }
            members.append(("variables", variables))
        }
        return .object(members)
    }

    /// The JSON body Hurl sends for a ```` ```graphql ```` string: `{"query":"…"}`, without its final newline.
    static func graphQLBody(_ query: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: ["query": String(query.dropLast())], options: [.withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? query
    }

    /// The expected response body at `start` as a check: JSON equal to the JSON written (`$ ==`),
    /// any other text exactly the body (`body ==`), `base64,…;` and `hex,…;` its bytes. Returns
    /// the index after it; what cannot be checked (`file,…;`) is named in the report.
    private mutating func readExpectedBody(_ lines: [Line], at start: Int, into description: inout RequestDescription) -> Int {
        var expected = RequestDescription(url: "")
        let end: Int
        do {
            end = try readBody(lines, at: start, into: &expected)
        } catch {
            collection.report.dropped(place(lines[start]), "the expected body is not kept: \(error.message)")
            return start + 1
        }
        switch expected.body {
        case .raw(let text, _) where expected.headers.contains { $0.name == "Content-Type" }:
            if let document = try? JSONParser.parse(Data(text.utf8)), let value = try? Parameters(document: document) {
                description.assertions.append(Assertion(.body(path: "$"), .compare(.equal, value)))
            } else {
                description.assertions.append(Assertion(.query(.body), .compare(.equal, .string(text))))
            }
        case .raw(let text, _): description.assertions.append(Assertion(.query(.body), .compare(.equal, .string(text))))
        case .bytes(let data, _):
            description.assertions.append(
                Assertion(.query(.bytes), .compare(.equal, .string(data.hexText))))
        case .json(.object(let members)) where members.count == 1 && members[0].0 == "query":  // a ```graphql string
            guard case .string(let query) = members[0].1 else { fallthrough }
            description.assertions.append(Assertion(.query(.body), .compare(.equal, .string(Self.graphQLBody(query + "\n")))))
        default: collection.report.dropped(place(lines[start]), "the expected body `\(lines[start].text)` is not kept")
        }
        return end
    }

    /// The response part from its status line to the next entry: the status, headers, asserts and
    /// captures Ferry can check become the request's `expect:` and `capture:`; the others are named
    /// in the report.
    private mutating func readResponse(_ lines: [Line], at start: Int, into description: inout RequestDescription) -> Int {
        let statusLine = lines[start].text.trimmingCharacters(in: .whitespaces)
        if let status = HurlCheck.status(statusLine) { description.assertions.append(status) }
        var section: String?
        var index = start + 1
        while let (line, text) = Self.line(lines, at: &index) {
            if let name = HurlText.section(text) {
                section = name
            } else if section != "Body", Self.startsBody(text) {  // the expected body, after any section
                index = readExpectedBody(lines, at: index, into: &description) - 1
                section = "Body"
            } else if section == "Asserts" {
                var text = text
                if let fence = text.range(of: "```"), fence.lowerBound != text.startIndex, text[fence.upperBound...].allSatisfy(\.isLetter)
                {
                    // A multiline string as the predicate's value: the lines up to the closing ```, as one string.
                    guard let end = lines[(index + 1)...].firstIndex(where: { $0.text.trimmingCharacters(in: .whitespaces) == "```" })
                    else {
                        collection.report.dropped(place(line), "the multiline string of `\(text)` is not closed with ```")
                        index += 1
                        continue
                    }
                    let value = lines[(index + 1)..<end].map { $0.text + "\n" }.joined()
                    let expected = text[fence.upperBound...] == "graphql" ? Self.graphQLBody(value) : value
                    text = text[..<fence.lowerBound] + HurlCheck.quoted(expected)
                    index = end
                }
                if let assertion = HurlCheck.assertion(text) {
                    description.assertions.append(assertion)
                } else {
                    collection.report.dropped(place(line), "the assert `\(text)` has no counterpart in Ferry's assertions")
                }
            } else if section == "Captures" {
                if let capture = HurlCheck.capture(text) {
                    description.captures.append(capture)
                } else {
                    collection.report.dropped(place(line), "the capture `\(text)` has no counterpart in Ferry's captures")
                }
            } else if section == nil {
                if let assertion = HurlCheck.header(text) {
                    description.assertions.append(assertion)
                } else {
                    collection.report.dropped(place(line), "the response header check `\(text)` is not kept")
                }
            }
            index += 1
        }
        return index
    }
}
