import FerryCore
import Foundation
import Yams

/// Writing a `.ferry.yaml` file: keys in a fixed order, defaults left out, so files stay short and
/// diff well.
extension RequestDescription {
    /// The file's text. A body of bytes that are not UTF-8 cannot be written as text: that throws
    /// `FerryError.invalidRequest`, naming `--data-binary @file` as the way to keep it.
    public func yaml() throws -> String {
        if case .bytes(let data, _) = body, String(data: data, encoding: .utf8) == nil {
            throw FerryError.invalidRequest(
                reason: .invalidArgument(name: "body", problem: "a binary body cannot be saved as text; use --data-binary @file"))
        }
        return try Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true)
    }

    var node: Node {
        var pairs: [(String, Node)] = []
        if let name { pairs.append(("name", .text(name))) }
        if let description { pairs.append(("description", .text(description))) }
        if method != .get { pairs.append(("method", .text(method.rawValue))) }
        pairs.append(("url", .text(url)))
        if let params { pairs.append(("params", .parameters(params))) }
        if let disabledParams { pairs.append(("disabledParams", .parameters(disabledParams))) }
        if parameterStyle != ParameterStyle() { pairs.append(("encoding", Self.node(parameterStyle))) }
        if !headers.isEmpty { pairs.append(("headers", Self.node(headers))) }
        if !cookies.isEmpty { pairs.append(("cookies", .map(cookies.map { ($0.name, .text($0.value)) }))) }
        if let body = bodyNode { pairs.append(("body", body)) }
        if let auth { pairs.append(("auth", auth.yamlNode)) }
        let options = optionsPairs
        if !options.isEmpty { pairs.append(("options", .map(options))) }
        if let expectations {
            if let validation = Self.validationNode(expectations) { pairs.append(("validation", validation)) }
            if let serializer = expectations.serializer { pairs.append(("serializer", .text(serializer.rawValue))) }
        }
        if !assertions.isEmpty { pairs.append(("expect", Self.expectNode(assertions))) }
        if !captures.isEmpty { pairs.append(("capture", Self.captureNode(captures))) }
        if let retry { pairs.append(("retry", Self.retryNode(retry))) }
        if let skip { pairs.append(("skip", .text(skip))) }
        if !variables.isEmpty || !chains.isEmpty { pairs.append(("vars", YAMLFile.variablesNode(variables, chains: chains))) }
        if !scripts.isEmpty { pairs.append(("scripts", scripts.yamlNode)) }
        if !examples.isEmpty { pairs.append(("examples", .list(examples.map(Self.node)))) }
        return .map(pairs)
    }

    private static func node(_ style: ParameterStyle) -> Node {
        let defaults = ParameterStyle()
        var pairs: [(String, Node)] = []
        if style.arrayStyle != defaults.arrayStyle { pairs.append(("arrays", .text(style.arrayStyle.rawValue))) }
        if style.keepsKeyOrder != defaults.keepsKeyOrder { pairs.append(("keyOrder", .text(style.keepsKeyOrder ? "kept" : "sorted"))) }
        if style.prettyJSON != defaults.prettyJSON { pairs.append(("prettyJSON", .plain(String(style.prettyJSON)))) }
        if style.plistFormat != defaults.plistFormat { pairs.append(("plist", .text(style.plistFormat.rawValue))) }
        return .map(pairs)
    }

    static func node(_ headers: [HeaderEntry]) -> Node {
        .list(
            headers.map { header in
                header.enabled && header.name != "name"
                    ? .map([(header.name, .text(header.value))])
                    : .map(
                        [("name", .text(header.name)), ("value", .text(header.value))]
                            + (header.enabled ? [] : [("enabled", .plain("false"))]))
            })
    }

    private var bodyNode: Node? {
        switch body {
        case .none: return nil
        case .raw(let text, let contentType): return .map([("raw", .text(text))] + Self.contentType(contentType))
        case .bytes(let data, let contentType):
            // Bytes are never templated: text with `{{` in it stays so as `verbatim`.
            let text = String(decoding: data, as: UTF8.self)
            return .map([(text.contains("{{") ? "verbatim" : "raw", .text(text))] + Self.contentType(contentType))
        case .json(let value): return .map([("json", .parameters(value))])
        case .form(let value): return .map([("form", .parameters(value))])
        case .plist(let value): return .map([("plist", .parameters(value))])
        case .file(let path, let contentType): return .map([("file", .text(path))] + Self.contentType(contentType))
        case .graphql(let graphQL): return .map([("graphql", graphQL.yamlNode)])
        case .grpc(let grpc): return .map([("grpc", grpc.yamlNode)])
        case .multipart(let parts):
            return .map([
                (
                    "multipart",
                    .list(
                        parts.map { part in
                            var pairs: [(String, Node)] = [("name", .text(part.name))]
                            switch part.value {
                            case .text(let text): pairs.append(("value", .text(text)))
                            case .file(let path): pairs.append(("file", .text(path)))
                            }
                            if let type = part.contentType { pairs.append(("contentType", .text(type))) }
                            if let fileName = part.fileName { pairs.append(("fileName", .text(fileName))) }
                            return .map(pairs)
                        })
                )
            ])
        }
    }

    private static func contentType(_ type: String?) -> [(String, Node)] {
        type.map { [("contentType", .text($0))] } ?? []
    }

    private var optionsPairs: [(String, Node)] {
        let defaults = RequestOptions()
        var pairs: [(String, Node)] = []
        if let timeout = options.totalTimeout { pairs.append(("timeout", .plain(Self.number(timeout)))) }
        if let timeout = options.connectTimeout { pairs.append(("connectTimeout", .plain(Self.number(timeout)))) }
        if options.followRedirects != defaults.followRedirects { pairs.append(("followRedirects", .plain("\(options.followRedirects)"))) }
        if options.maxRedirects != defaults.maxRedirects { pairs.append(("maxRedirects", .plain("\(options.maxRedirects)"))) }
        if options.tls.verifyPeer != defaults.tls.verifyPeer { pairs.append(("verifyTLS", .plain("\(options.tls.verifyPeer)"))) }
        if let file = options.tls.caFile { pairs.append(("caFile", .text(file))) }
        if let pin = options.tls.pinnedPublicKey { pairs.append(("pinnedPublicKey", .text(pin))) }
        if options.httpVersion != defaults.httpVersion,
            let name = Self.httpVersions.first(where: { $0.version == options.httpVersion })?.name
        {
            pairs.append(("httpVersion", .text(name)))
        }
        if options.decompress != defaults.decompress { pairs.append(("decompress", .plain("\(options.decompress)"))) }
        if options.defaultHeaders == false { pairs.append(("defaultHeaders", .plain("false"))) }
        if let rate = options.maxUploadRate { pairs.append(("uploadRate", .plain("\(rate)"))) }
        if let rate = options.maxDownloadRate { pairs.append(("downloadRate", .plain("\(rate)"))) }
        if options.keepsCredentialsOnRedirect == true { pairs.append(("locationTrusted", .plain("true"))) }
        if let output { pairs.append(("output", .text(output))) }
        if let delay { pairs.append(("delay", .plain("\(delay)"))) }
        return pairs + connection.yamlPairs
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// The `validation:` mapping, or nil when it would say nothing; the status is written when it is
    /// not the default, or when nothing else would show that validation was asked for.
    private static func validationNode(_ expectations: ResponseExpectations) -> Node? {
        var pairs: [(String, Node)] = []
        let asksNothingElse = expectations.contentTypes == nil && expectations.serializer == nil
        if expectations.statusCodes != .success || asksNothingElse { pairs.append(("status", .text(expectations.statusCodes.description))) }
        if let types = expectations.contentTypes { pairs.append(("contentTypes", .list(types.map(Node.text)))) }
        return pairs.isEmpty ? nil : .map(pairs)
    }

    private static func node(_ example: Example) -> Node {
        var pairs: [(String, Node)] = [("name", .text(example.name)), ("status", .plain("\(example.status)"))]
        if !example.headers.isEmpty { pairs.append(("headers", node(example.headers.map { HeaderEntry(name: $0.name, value: $0.value) }))) }
        if let body = example.body { pairs.append(("body", .text(body))) }
        return .map(pairs)
    }
}
