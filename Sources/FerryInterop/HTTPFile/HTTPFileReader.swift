import FerryCore
import Foundation

/// Reads the requests of one `.http`/`.rest` file as the JetBrains HTTP Client and VS Code REST
/// Client write them: requests separated by `###` lines (the text after `###` names the request),
/// `# @name` and `// @name` names, `@name = value` file variables, comments, a request line
/// (`METHOD URL [HTTP/VERSION]`, or a bare URL for GET) with indented continuation lines, headers,
/// a blank line, and the body (`< ./file` for a body file). Response handlers are named in the
/// report; a malformed line is a problem at its line and column.
struct HTTPFileReader {
    /// One line of the file with its 1-based number.
    private typealias Line = (number: Int, text: Substring)

    let source: String
    var collection = ImportedCollection()
    /// The file variables (`@name = value`), in the order they were first set.
    private(set) var variables: [Variable] = []
    /// The variable names each request uses, by its index among the collection's requests.
    private(set) var namesUsed: [Int: [String]] = [:]
    /// The names used by the request being read.
    private var names: [String] = []

    private static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"]
    /// JetBrains' request kinds that are not HTTP requests.
    private static let otherProtocols: Set<String> = ["WEBSOCKET", "GRPC", "GRAPHQL", "SSE", "RSOCKET"]
    private static let templates = ImportedTemplates(
        builtIns: [
            "$guid": "$uuid", "$random.uuid": "$uuid", "$uuid": "$uuid", "$timestamp": "$timestamp",
            "$isoTimestamp": "$isoTimestamp", "$randomInt": "$randomInt", "$random.integer": "$randomInt",
        ],
        withArgument: ["$processEnv": "$env."])

    init(source: String) { self.source = source }

    /// Reads every request of `text` into `collection`, in order.
    mutating func read(_ text: String) throws(ImportProblem) {
        var block: [Line] = []
        var title: String?
        var number = 0
        for raw in text.splitLines() {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.drop(while: \.isWhitespace).hasPrefix("###") {
                try readRequest(block, title: title)
                block = []
                let rest = line.drop(while: { $0.isWhitespace || $0 == "#" }).trimmingCharacters(in: .whitespaces)
                title = rest.isEmpty ? nil : rest
            } else {
                block.append((number, line))
            }
        }
        try readRequest(block, title: title)
    }

    private func problem(_ line: Line, column: Int = 1, _ message: String) -> ImportProblem {
        ImportProblem(source: source, place: "line \(line.number), column \(column)", message)
    }

    private func place(_ line: Line) -> String { "line \(line.number)" }

    /// `text` in Ferry's spelling; built-ins Ferry cannot fill are noted at `line`.
    private mutating func template(_ text: String, at line: Line) -> String {
        let (rewritten, unknown) = Self.templates.rewrite(text)
        names += Template(rewritten).variableNames
        for name in unknown {
            collection.report.approximated(
                place(line), "the built-in {{\(name)}} has no counterpart in Ferry; set a variable \(name) or edit the request")
        }
        return rewritten
    }

    // MARK: - One request

    /// The state of a request being read: what the lines before its request line said.
    private struct Preamble {
        var name: String?
        var followRedirects = true
    }

    private mutating func readRequest(_ lines: [Line], title: String?) throws(ImportProblem) {
        var preamble = Preamble(name: title)
        names = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                index += 1
            } else if text.hasPrefix("#") || text.hasPrefix("//") {
                readComment(text, line: line, into: &preamble)
                index += 1
            } else if text.hasPrefix("@") {
                try readVariable(text, line: line)
                index += 1
            } else {
                break
            }
        }
        guard index < lines.count else { return }  // only comments and variables
        let requestLine = lines[index]
        index += 1
        var words = template(String(requestLine.text), at: requestLine).split(whereSeparator: \.isWhitespace)
        if let first = words.first, Self.otherProtocols.contains(String(first)) {
            collection.report.dropped(place(requestLine), "\(first) requests are not HTTP requests Ferry sends")
            return
        }
        var method = HTTPMethod.get
        // Spaces in the query (`?location=New York`), as both editors take them: encoded when sent.
        if words.count > 3 || (words.count == 3 && !words[2].hasPrefix("HTTP/")), words[1].contains("?") {
            let end = words.last!.hasPrefix("HTTP/") ? words.count - 1 : words.count
            words = [words[0], Substring(words[1..<end].joined(separator: " "))] + Array(words[end...])
            collection.report.approximated(place(requestLine), "the spaces in the query are sent encoded (%20)")
        }
        var url: String
        switch words.count {
        case 1:
            url = String(words[0])
        case 2 where words[1].hasPrefix("HTTP/"):
            url = String(words[0])
        case 2, 3:
            guard words[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw problem(requestLine, "expected a request line: METHOD URL [HTTP/VERSION]")
            }
            if !Self.methods.contains(String(words[0])) {
                collection.report.approximated(place(requestLine), "the method \(words[0]) is sent as it is written")
            }
            method = HTTPMethod(String(words[0]))
            url = String(words[1])
            if words.count == 3, !words[2].hasPrefix("HTTP/") {
                // `words` are of the rewritten line: the column is counted in the line as written.
                let written = requestLine.text.split(whereSeparator: \.isWhitespace)
                let column =
                    written.count == 3 ? requestLine.text.distance(from: requestLine.text.startIndex, to: written[2].startIndex) + 1 : 1
                throw problem(requestLine, column: column, "expected HTTP/VERSION after the URL, found \(words[2])")
            }
        default:
            throw problem(requestLine, "expected a request line: METHOD URL [HTTP/VERSION]")
        }
        // Indented lines right after the request line continue the URL (a long query, one pair a line).
        while index < lines.count, let first = lines[index].text.first, first.isWhitespace,
            !lines[index].text.trimmingCharacters(in: .whitespaces).isEmpty
        {
            url += template(lines[index].text.trimmingCharacters(in: .whitespaces), at: lines[index])
            index += 1
        }
        var description = RequestDescription(method: method, url: "")
        description.name = preamble.name
        description.options.followRedirects = preamble.followRedirects
        let (base, query) = URLQuery.split(url)
        description.url = base
        URLQuery.apply(query, to: &description)
        index = try readHeaders(lines, from: index, into: &description)
        readBody(Array(lines[min(index, lines.count)...]), into: &description)
        let path = base.range(of: "://").map { String(base[$0.upperBound...].drop { $0 != "/" }) } ?? String(base.drop { $0 != "/" })
        let title = preamble.name ?? "\(method.rawValue) \(path)"
        collection.add(description, title: title, folder: "", source: place(requestLine))
        namesUsed[collection.requests.count - 1] = names
        collection.report.imported(place(requestLine), "\(method.rawValue) \(url)")
    }

    /// `# @name NAME`, `# @no-redirect` and the other directives; plain comments are skipped.
    private mutating func readComment(_ text: String, line: Line, into preamble: inout Preamble) {
        let comment = text.drop { $0 == "#" || $0 == "/" }.trimmingCharacters(in: .whitespaces)
        guard comment.hasPrefix("@") else { return }
        let directive = comment.dropFirst().prefix { !$0.isWhitespace && $0 != "=" }
        let value = comment.dropFirst(1 + directive.count).drop { $0.isWhitespace || $0 == "=" }.trimmingCharacters(in: .whitespaces)
        switch directive {
        case "name" where !value.isEmpty:
            preamble.name = value
        case "no-redirect":
            preamble.followRedirects = false
        default:
            collection.report.dropped(place(line), "the directive @\(directive) has no counterpart in Ferry")
        }
    }

    /// `@name = value`: a file variable; its value may use the variables set before it.
    private mutating func readVariable(_ text: String, line: Line) throws(ImportProblem) {
        guard let equals = text.firstIndex(of: "=") else {
            throw problem(line, "expected a variable: @name = value")
        }
        let name = text[text.index(after: text.startIndex)..<equals].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
            throw problem(line, column: 2, "expected a variable name after @")
        }
        // A value made of other variables stays so: Ferry fills them in when it sends.
        let value = template(text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces), at: line)
        if let index = variables.firstIndex(where: { $0.name == name }) {
            variables[index].value = value
        } else {
            variables.append(Variable(name: name, value: value))
        }
        collection.report.imported(place(line), "variable \(name)")
    }

    /// The header lines up to the first blank line; returns the index after that blank line.
    /// `Authorization: Basic …` and `Bearer …` become the request's credentials.
    private mutating func readHeaders(
        _ lines: [Line], from start: Int, into description: inout RequestDescription
    ) throws(ImportProblem) -> Int {
        var index = start
        while index < lines.count {
            let line = lines[index]
            index += 1
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { break }
            if text.hasPrefix(">") || text.hasPrefix("<>") { return index - 1 }  // a handler or reference, no body
            if text.hasPrefix("#") || text.hasPrefix("//") { continue }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw problem(line, "expected a header line Name: value (or a blank line before the body)")
            }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            let value = template(text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces), at: line)
            if name.caseInsensitiveCompare("Authorization") == .orderedSame, description.auth == nil,
                let credentials = AuthorizationHeader.credentials(value)
            {
                description.auth = credentials
                continue
            }
            description.headers.append(.init(name: name, value: value))
        }
        return index
    }

    /// The body: every line up to a response handler (`> …`) or response reference (`<> …`),
    /// trailing blank lines left out; a lone `< path` line is a body file, and only comments are no
    /// body. Only `@name = value` lines (and comments) are file variables, as kulala reads them, not a body.
    private mutating func readBody(_ lines: [Line], into description: inout RequestDescription) {
        var body: [Line] = []
        for (offset, line) in lines.enumerated() {
            let text = line.text.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("<>") {
                collection.report.dropped(place(line), "the saved response \(text) (for comparing) is not kept")
            } else if text.hasPrefix(">") {
                let script = lines[offset...].map(\.text).joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
                collection.report.dropped(place(line), "the response handler is not run by Ferry: \(script.prefix(200))")
                break
            } else {
                body.append(line)
            }
        }
        let isComment = { (line: Line) in line.text.hasPrefix("#") || line.text.hasPrefix("//") }
        // Comments after a request.
        if body.allSatisfy({ isComment($0) || $0.text.trimmingCharacters(in: .whitespaces).isEmpty }) { body = [] }
        let filled = body.filter { !isComment($0) && !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        if !filled.isEmpty, filled.allSatisfy({ $0.text.trimmingCharacters(in: .whitespaces).wholeMatch(of: /@[^\s=]+\s*=.*/) != nil }) {
            for line in filled { try? readVariable(line.text.trimmingCharacters(in: .whitespaces), line: line) }
            return
        }
        while let last = body.last, last.text.trimmingCharacters(in: .whitespaces).isEmpty { body.removeLast() }
        guard let first = body.first else { return }
        let firstText = first.text.trimmingCharacters(in: .whitespaces)
        if body.count == 1, firstText.hasPrefix("< ") || firstText.hasPrefix("<@") {  // not a one-line XML body
            let substitutes = firstText.hasPrefix("<@")
            let path = firstText.dropFirst(substitutes ? 2 : 1).trimmingCharacters(in: .whitespaces)
            description.body = .file(path: path, contentType: nil)
            collection.reads(path, "the body", at: place(first))
            if substitutes { collection.report.notes[collection.report.notes.count - 1].message += "; variables in it are not filled" }
            return
        }
        for line in body where line.text.hasPrefix("< ") {
            collection.report.approximated(place(line), "the file reference \(line.text) inside the body is sent as text")
        }
        let text = body.map { String($0.text) }.joined(separator: "\n")
        description.body = .raw(template(text, at: first), contentType: nil)
    }
}
