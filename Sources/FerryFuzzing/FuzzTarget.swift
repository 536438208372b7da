import FerryCore
import FerryGRPC
import FerryInterop
import FerryMock
import FerryScript
import FerryStore
import FerryTransport
import Foundation

/// One libFuzzer entry point: a reader of untrusted input, run on arbitrary bytes. A thrown error is
/// an answer (the input was bad); a crash, a hang or unbounded memory is a bug. The `Fuzz/` package
/// links these into a libFuzzer executable; `FuzzCorpusReplayTests` runs the saved inputs through
/// them in the normal test build (Documentation/TESTING.md, "Fuzzing").
public enum FuzzTarget: String, CaseIterable, Sendable {
    case json, xml, plist, yaml, requestFile, environment, multipart, headers, urlTemplate
    case importCurl, importGRPCurl, importPostman, importHAR, importOpenAPI, importHTTP, importHurl, importInsomnia, importBruno,
        importPosting
    case sse, ndjson, lines
    case jsonPath, xpath, jsonSchema, openAPIContract
    case protobufDecode, protobufEncode, protoSource, grpcCompressed
    case mockFile, mockOpenAPI
    case loadResponse
    case scriptLiterals, scriptOutput

    /// Where the importers look for files a document refers to: a folder that does not exist, so a
    /// run reads nothing but its input.
    static let noDirectory = "/nonexistent/ferry-fuzz"

    /// Runs the reader on `bytes`, ignoring the error it throws for bad input.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .json: Self.walk { try JSONParser.parse(Data(bytes)) }
        case .xml: Self.walk { try XMLDocumentParser.parse(Data(bytes)) }
        case .plist: Self.walk { try PropertyListParser.parse(Data(bytes)) }
        case .yaml: _ = try? YAMLFile(text: text, path: "fuzz.yaml")
        case .requestFile: _ = try? RequestDescription(yaml: text, path: "fuzz.ferry.yaml")
        case .environment:
            _ = try? Environment.yamlContents(of: text, path: "fuzz.yaml")
            _ = try? DotEnv(text: text, path: "fuzz.env")
        case .multipart: Self.formParts(text)
        case .headers: Self.headers(text)
        case .urlTemplate: Self.expand(text)
        case .scriptLiterals: Self.scriptLiterals(text)
        case .scriptOutput: _ = ScriptOutput(compact: text)?.outcome
        case .importPosting:
            _ = try? PostingImporter.request(text, place: "fuzz.posting.yaml", source: "fuzz.posting.yaml")
            _ = try? PostingImporter.dotenv(text, source: ".env")
        case .importBruno:
            _ = try? BrunoImporter().importCollection(text, source: "bruno.json", directory: Self.noDirectory)
            _ = try? BrunoImporter.request(text, place: "fuzz.bru")
            _ = try? BrunoImporter().importCollection(text, source: "opencollection.yml", directory: Self.noDirectory)
            _ = try? BrunoImporter.request(text, place: "fuzz.yml")
        case .sse: Self.stream(bytes, .serverSentEvents)
        case .ndjson: Self.stream(bytes, .jsonLines)
        case .lines: Self.stream(bytes, .lines)
        case .jsonPath: Self.jsonPath(text)
        case .xpath: Self.xpath(text)
        case .jsonSchema: Self.jsonSchema(bytes)
        case .protobufDecode: Self.protobuf(bytes, encoding: false)
        case .protobufEncode: Self.protobuf(bytes, encoding: true)
        case .protoSource: Self.protoSource(bytes)
        case .grpcCompressed: Self.grpcCompressed(bytes)
        case .mockFile: Self.mockFile(text)
        case .mockOpenAPI: Self.mockOpenAPI(bytes)
        case .openAPIContract: Self.openAPIContract(bytes)
        // The first byte sets how many bytes each read hands the load's response reader.
        case .loadResponse:
            guard let first = bytes.first else { return }
            _ = LoadResponseReader.responses(in: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), piece: Int(first) + 1)
        default:
            guard let format else { return }
            _ = try? format.importer.importCollection(text, source: "fuzz", directory: Self.noDirectory)
        }
    }

    /// The import format of an `import…` target read through `ImportFormat.importer`.
    var format: ImportFormat? {
        switch self {
        case .importCurl: .curl
        case .importGRPCurl: .grpcurl
        case .importPostman: .postman
        case .importHAR: .har
        case .importOpenAPI: .openapi
        case .importHTTP: .http
        case .importHurl: .hurl
        case .importInsomnia: .insomnia
        default: nil
        }
    }

    /// Parses a document and reads every node the way the tree view does (key, name, value,
    /// literal, numbers), then pretty-prints it.
    private static func walk(_ parse: () throws -> Document) {
        guard let document = try? parse() else { return }
        var pending = document.topLevelNodes
        while let node = pending.popLast() {
            _ = document.kind(of: node)
            _ = document.key(of: node)
            _ = document.name(of: node)
            _ = document.value(of: node)
            _ = document.literal(of: node)
            _ = document.boolValue(of: node)
            _ = document.doubleValue(of: node)
            _ = document.parent(of: node)
            pending += document.children(of: node)
        }
        _ = DocumentPrettyPrinter().string(document)
    }

    /// Each line as a `-F` form part argument, its text parts encoded into a multipart body, which
    /// must be as long as it announces (else the `Content-Length` sent would be wrong).
    private static func formParts(_ text: String) {
        var form = MultipartFormData(boundary: "fuzz-boundary")
        for line in text.split(separator: "\n") {
            guard let part = try? FormPartArgument(parsing: String(line)), case .text = part.value else { continue }
            try? part.append(to: &form)
        }
        let source = form.encoded().source
        guard let stream = try? source.open() else { return }
        var total: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while let count = try? buffer.withUnsafeMutableBytes({ try stream.read(into: $0) }), count > 0 { total += Int64(count) }
        precondition(source.length == nil || source.length == total, "multipart body of \(total) bytes announced as \(source.length ?? -1)")
    }

    /// Each line as a response head line (status or header), a media type, a content range.
    private static func headers(_ text: String) {
        var head = ResponseHeadCollector()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map({ String($0) }) {
            _ = HeaderLine.parseStatus(line)
            _ = HeaderLine.parse(line)
            head.consume(line: line, requestURL: "https://example.com/a/b?c=d")
            _ = MediaType(line)
            _ = ContentRange(line)
        }
        _ = head.contentLength
        _ = try? CookieJar(netscape: text)
    }

    /// The text as a request URL with variables (one holding a placeholder itself), resolved against
    /// a base URL; and as a JSON and an XML body template.
    /// A script's literals taken out: the text keeps its length in UTF-16 units, and its messages come back.
    private static func scriptLiterals(_ text: String) {
        guard let literals = ScriptLiterals.make(text) else { return }
        precondition(literals.text.utf16.count == text.utf16.count, "the script changed length")
        _ = literals.restored(literals.text)
    }

    private static func expand(_ text: String) {
        let resolver = VariableResolver(
            [
                Variable(name: "host", value: "example.com"), Variable(name: "id", value: "4 2/&?#"),
                Variable(name: "nested", value: "{{id}}/{{host}}"), Variable(name: "secret", value: "s\"e<c>", isSecret: true),
            ], hostEnvironment: [:], now: { Date(timeIntervalSince1970: 0) }, randomInt: { 7 })
        _ = try? RequestDescription(url: text).resolved(with: resolver, directory: noDirectory)
        if let base = URL(string: "https://example.com/api/v1/") { _ = try? BaseURL(base).resolve(text) }
        _ = try? resolver.render(text, place: "body", escaping: .json)
        _ = try? resolver.render(text, place: "body", escaping: .xml)
    }

    /// The first line as a JSONPath query, evaluated over the rest read as JSON (or, when that is no
    /// JSON, a small document of every kind of value), then through `NodePath` as the TUI reads it.
    private static func jsonPath(_ text: String) {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let body = lines.count > 1 ? Data(lines[1].utf8) : Data()
        guard let query = try? JSONPathQuery(String(lines[0])),
            let document = (try? JSONParser.parse(body))
                ?? (try? JSONParser.parse(Data(#"{"a": [1, 2.5, "x", true, null, {"b": ["c", {"d": "é"}]}], "": {"a b": -0}}"#.utf8)))
        else { return }
        for node in query.select(in: document) { _ = NodePath.path(of: node, in: document) }
        _ = try? NodePath.resolve(query.text, in: document)
    }

    /// The bytes as a JSON Schema (each draft), compiled and checked against a small instance of
    /// every kind of value and its parts; no `$ref` to another document is read.
    private static func jsonSchema(_ bytes: UnsafeRawBufferPointer) {
        guard let document = try? JSONParser.parse(Data(bytes)),
            let instance = try? JSONParser.parse(Data(#"{"a": [1, 2.5, "x", true, null, {"b": ["c", {"d": "é"}]}], "": {"a b": -0}}"#.utf8))
        else { return }
        for dialect in SchemaDialect.allCases {
            guard let schema = try? SchemaValidator(document, options: SchemaOptions(dialect: dialect, formatAssertion: true)) else {
                continue
            }
            _ = schema.violations(of: instance)
            for node in instance.children(of: instance.root) {
                if let part = try? JSONParser.parse(instance.bytes.subdata(in: instance.byteRange(of: node))) { _ = schema.isValid(part) }
            }
        }
    }

    /// A mock file's rules, tried on a request with a JSON body (templates rendered).
    private static func mockFile(_ text: String) {
        guard let file = try? MockFile(text: text, path: "fuzz-mock.yaml") else { return }
        let service = MockService(router: MockRouter(routes: []), rules: file.rules)
        _ = service.ruleWarnings()
        for method in ["GET", "POST"] {
            _ = service.respond(
                to: MockRequest(
                    method: method, target: "/pets/1?q=a", headers: [("X-A", "b")], body: Array(#"{"name": "x", "n": [1]}"#.utf8)))
        }
    }

    /// An OpenAPI document's routes (bodies generated and checked), then each route asked once with
    /// validation and stored resources on.
    private static func mockOpenAPI(_ bytes: UnsafeRawBufferPointer) {
        guard let source = try? OpenAPIMockSource(data: Data(bytes), path: "fuzz-openapi.yaml") else { return }
        let router = MockRouter(routes: source.routes().routes)
        let service = MockService(
            router: router, resources: ResourceStore(routes: router.routes), validator: RequestValidator(documents: [source]))
        for route in router.routes.prefix(20) {
            let path = route.template.segments.map { segment -> String in
                if case .literal(let text) = segment { return text }
                return "1"
            }
            _ = service.respond(
                to: MockRequest(
                    method: route.method, target: "/" + path.joined(separator: "/") + "?limit=2",
                    headers: [("Content-Type", "application/json")],
                    body: Array(#"{"name": "x"}"#.utf8)))
        }
    }

    /// The bytes as an OpenAPI document read as a contract: each operation's path filled in and
    /// matched, a request to it checked, and a response of each declared status checked with a
    /// small JSON body; then the coverage of those exchanges. No other file is read.
    private static func openAPIContract(_ bytes: UnsafeRawBufferPointer) {
        guard let document = try? JSONParser.parse(Data(bytes)), let contract = try? OpenAPIContract(document, name: "fuzz.json") else {
            return
        }
        var exchanges: [ContractCoverage.Exchange] = []
        for operation in contract.operations.prefix(50) {
            let path = operation.template.text.replacingOccurrences(of: "{", with: "x").replacingOccurrences(of: "}", with: "")
            guard let url = URL(string: "http://fuzz.example" + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!) else {
                continue
            }
            let body = Data(#"{"id": 1, "name": ["x", null, 2.5], "tag": {"a": true}}"#.utf8)
            _ = contract.check(
                request: Request(
                    method: HTTPMethod(operation.method), url: url, headers: ["Content-Type": "application/json"], body: .bytes(body)))
            for declared in operation.responses.prefix(10) {
                let status = Int(declared.status) ?? 200
                let response = Response(
                    status: status, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: ["Content-Type": "application/json", "X-A": "1"],
                    body: ResponseBody(storage: .memory(body), count: Int64(body.count)), effectiveURL: "", remoteAddress: nil,
                    redirects: [],
                    timeline: Timeline(start: Date()), sent: nil)
                _ = contract.check(response, method: HTTPMethod(operation.method), url: url, document: nil)
                exchanges.append(ContractCoverage.Exchange(method: HTTPMethod(operation.method), url: url, status: status))
            }
        }
        _ = ContractCoverage(contract, exchanges: exchanges).lines
    }

    /// The first line as an XPath expression (libxml2's compiler), evaluated over the rest read as
    /// XML and as HTML (or, when that is neither, a small document with namespaces).
    private static func xpath(_ text: String) {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let expression = try? XPathExpression(String(lines[0])) else { return }
        let body = Data((lines.count > 1 ? lines[1] : #"<a xmlns="urn:d" xmlns:b="urn:b"><b:c n="1">x</b:c><c>é</c></a>"#).utf8)
        for html in [false, true] {
            _ = try? XPathDocument(body: body, html: html).evaluate(expression)
        }
    }

    /// The bytes fed to a stream decoder in chunks of 1 to 16 bytes (the first byte says how many),
    /// so events and UTF-8 sequences are split at every kind of boundary.
    private static func stream(_ bytes: UnsafeRawBufferPointer, _ framing: StreamFraming) {
        guard let first = bytes.first else { return }
        let chunk = Int(first % 16) + 1
        var decoder = StreamEventDecoder(framing: framing)
        var start = 1
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            _ = decoder.feed(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), time: Int64(start))
            start = end
        }
        _ = decoder.finish(time: Int64(bytes.count))
    }

    /// The input as a `.proto` file (`ProtoCompiler`: parsed, its imports looked for — only protobuf's
    /// built-in files are there — and its names resolved).
    static func protoSource(_ bytes: UnsafeRawBufferPointer) {
        let text = Array(bytes)
        let compiler = ProtoCompiler(importPaths: ["/fuzz"]) { $0 == "/fuzz/fuzz.proto" ? .bytes(text) : .missing }
        _ = try? compiler.compile(["/fuzz/fuzz.proto"])
    }

    /// A gRPC frame's message decompressed (gzip and deflate, and an encoding Ferry does not offer),
    /// its growth bounded by the limit.
    static func grpcCompressed(_ bytes: UnsafeRawBufferPointer) {
        let frame = GRPCFrameDecoder.Frame(compressed: true, message: Array(bytes), offset: 0)
        for encoding in ["gzip", "deflate", "br"] { _ = try? GRPCFrameDecoder.decompressed(frame, encoding: encoding, limit: 1 << 16) }
    }

    /// gRPC's dynamic codec: a 2-byte big-endian length, that many bytes of a serialized
    /// `FileDescriptorSet`, then the input, read as protobuf bytes (`protobufDecode`, with the frame
    /// and reflection readers) or as JSON (`protobufEncode`) for each of the set's first message types.
    static func protobuf(_ bytes: UnsafeRawBufferPointer, encoding: Bool) {
        guard bytes.count >= 2 else { return }
        let length = Int(bytes[0]) << 8 | Int(bytes[1])
        guard bytes.count >= 2 + length, let pool = try? DescriptorPool(descriptorSet: Data(bytes[2..<(2 + length)])) else { return }
        let input = Array(bytes[(2 + length)...])
        for type in pool.messageNames.prefix(8) {
            if encoding {
                var reader = ProtoJSONReader(pool: pool)
                if let encoded = try? reader.message(fromJSON: Data(input), type: type) {
                    var writer = ProtoJSONWriter(pool: pool)
                    _ = try? writer.json(of: encoded, type: type)
                }
            } else {
                var writer = ProtoJSONWriter(pool: pool)
                _ = try? writer.json(of: input, type: type)
            }
        }
        guard !encoding else { return }
        _ = try? ReflectionMessages.answer(input)
        var frames = GRPCFrameDecoder(maximumMessageSize: 1 << 16)
        _ = try? frames.append(input)
    }
}
