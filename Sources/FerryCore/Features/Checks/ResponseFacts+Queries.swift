import CCrypto
import Foundation

extension ResponseFacts {
    /// A header's value: its text when it was sent once, every value (`count`, `nth`) when several
    /// times; a field the head lacks is looked for in the trailers (gRPC's metadata).
    public func headerValue(_ name: String) -> ObservedValue {
        var values = headers.values(for: name)
        if values.isEmpty { values = trailers.values(for: name) }
        return values.isEmpty ? .missing : values.count == 1 ? .text(values[0]) : .nodes(values)
    }

    /// A gRPC status field: the trailers', or the head's for a call answered by its head alone.
    private func grpcField(_ name: String) -> String? { trailers[name] ?? headers[name] }

    /// What a `ResponseQuery` finds in the exchange.
    public func value(of query: ResponseQuery) throws(CheckProblem) -> ObservedValue {
        switch query {
        case .body: return .string(bodyText)
        case .bytes: return .bytes(body)
        case .sha256: return .bytes(Self.digest(body, EVP_sha256()))
        case .md5: return .bytes(Self.digest(body, EVP_md5()))
        case .url: return .string(url)
        case .redirects: return .nodes(redirects)
        case .cookie(let reference): return cookie(reference)
        case .variable(let name): return variables[name].map(Self.variableValue) ?? .missing
        case .regex(let pattern):
            return try RegexSearch.firstGroup(try RegexSearch.compile(pattern), in: bodyText).map(ObservedValue.string) ?? .missing
        case .grpcStatus: return grpcField("grpc-status").map { .number($0.trimmingWhitespace()) } ?? .missing
        case .grpcMessage: return grpcField("grpc-message").map { .string($0.removingPercentEncoding ?? $0) } ?? .missing
        }
    }

    /// The body as text, in the Content-Type's charset when it names one Foundation reads, else UTF-8.
    var bodyText: String {
        let charset = headers["Content-Type"].flatMap(MediaType.init)?.parameters.first { $0.name.lowercased() == "charset" }?.value
            .lowercased()
        if let charset, charset != "utf-8", charset != "utf8", let encoding = ValueFilter.encoding(charset),
            let text = String(data: body, encoding: encoding)
        {
            return text
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// A variable's text as a value: a JSON list or object as one (a captured list counts), else text,
    /// which compares as a number or a boolean when it reads as one (variables are text).
    private static func variableValue(_ text: String) -> ObservedValue {
        if text.hasPrefix("[") || text.hasPrefix("{"), let document = try? JSONParser.parse(Data(text.utf8)) {
            return value(of: document.root, in: document)
        }
        return .text(text)
    }

    /// `name` or `name[Attribute]` of the cookies the response sets (the last one of that name).
    private func cookie(_ reference: String) -> ObservedValue {
        var name = reference
        var attribute = "Value"
        if reference.hasSuffix("]"), let open = reference.lastIndex(of: "[") {
            name = String(reference[..<open])
            attribute = String(reference[reference.index(after: open)..<reference.index(before: reference.endIndex)])
        }
        for line in headers.values(for: "Set-Cookie").reversed() {
            let parts = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = parts.first, let equals = first.firstIndex(of: "="), first[..<equals] == name else { continue }
            if attribute.lowercased() == "value" { return .string(String(first[first.index(after: equals)...])) }
            for part in parts.dropFirst() {
                let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pieces[0].lowercased() == attribute.lowercased() else { continue }
                let value = pieces.count > 1 ? pieces[1] : ""
                // Expires is a date (`Thu, 13 Jan 2078 22:23:01 GMT`), as Hurl gives it.
                if attribute.lowercased() == "expires", let date = DatePattern("%a, %d %b %Y %H:%M:%S GMT").date(from: value) {
                    return .date(date)
                }
                return .text(value)
            }
            return .missing
        }
        return .missing
    }

    private static func digest(_ data: Data, _ algorithm: OpaquePointer?) -> Data {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        data.withUnsafeBytes { _ = EVP_Digest($0.baseAddress, $0.count, &digest, &length, algorithm, nil) }
        return Data(digest.prefix(Int(length)))
    }
}
