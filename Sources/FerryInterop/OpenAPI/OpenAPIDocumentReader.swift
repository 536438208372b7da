import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI document, YAML or JSON, with OpenAPIKit: 3.0 documents are converted to 3.1 so
/// the importer reads one model. Syntax errors are placed by line and column. A part OpenAPIKit
/// cannot decode (a bound beyond 64-bit integers, a `$ref` of the wrong kind, a malformed
/// operation) costs that part alone: it is left out, named by its path in the document
/// (`paths./pets.get.responses`) and the line it starts on, and the rest is read again.
enum OpenAPIDocumentReader {
    /// The most parts left out before the document is refused as a whole.
    static let droppedLimit = 25

    /// Reads `text`; references to other files are read relative to `directory`. `dropped` holds
    /// why each part left out could not be read, in order; `clamped`, what was said again to fit the
    /// model: bounds brought within 64-bit integers, a 3.0 schema's lists of types or items (`SchemaLists`).
    static func read(
        _ text: String, source: String, directory: String
    ) throws(ImportProblem) -> (document: OpenAPIKit.OpenAPI.Document, dropped: [ImportProblem], clamped: [ImportReport.Note]) {
        // JSON too goes through Yams (JSON is YAML): Foundation's JSONDecoder does not give keys in
        // document order, which OpenAPIKit's ordered maps (paths, properties) need.
        let node: Node
        do {
            // Scalars stay untyped strings (as YAMLDecoder's own parse leaves them), so a quoted
            // `'200'` key is found by the decoder's string lookup.
            let yaml = text.first(where: { !$0.isWhitespace }) == "{" ? JSONSurrogateEscapes.rewritten(text) : text
            guard let composed = try Yams.compose(yaml: yaml, Resolver.basic.appending(.merge)) else {
                throw ImportProblem(source: source, "the document is empty")
            }
            node = composed
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw syntaxProblem(error, source: source)
        }
        guard case .mapping = node else {
            throw ImportProblem(
                source: source, place: place(of: node), "an OpenAPI document is a mapping (`openapi: 3.1.0`, `info:`, `paths:` …)")
        }
        let version = try version(openapi: node["openapi"]?.string, swagger: node["swagger"]?.string, source: source)
        var document = node
        if ExternalReferences.mayReferToOtherFiles(text) {
            var references = ExternalReferences(directory: directory)
            document = try references.inline(node)
        }
        if case .swagger2 = version { document = try SwaggerConverter.convert(document) }
        try YAMLValueGuard.check(document, source: source)
        var clamped: [ImportReport.Note] = []
        if version != .v31, let rewritten = SchemaLists.rewritten(document, path: "", notes: &clamped) { document = rewritten }
        if mayHoldHugeNumbers(text) { document = clampingBounds(in: document, path: "", notes: &clamped) }
        var dropped: [ImportProblem] = []
        while true {
            do {
                return (try decode(document, version: version, source: source), dropped, clamped)
            } catch {
                guard dropped.count < droppedLimit, let path = error.path, let removed = removing(path, from: document), removed != document
                else {
                    throw error.problem
                }
                document = removed
                dropped.append(error.problem)
            }
        }
    }

    /// True when `text` holds a run of 19 digits or a number with an exponent: the only spellings of
    /// a number beyond 64-bit integers (most documents hold neither, and are not walked for them).
    private static func mayHoldHugeNumbers(_ text: String) -> Bool {
        var digits = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            digits = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? digits + 1 : 0
            if digits >= 19 || (byte == UInt8(ascii: "+") && (previous | 0x20) == UInt8(ascii: "e")) { return true }
            previous = byte
        }
        return false
    }

    /// The schema keywords whose value OpenAPIKit reads as a 64-bit integer in an integer schema.
    private static let bounds: Set<String> = ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"]

    /// `node` with every bound beyond 64-bit integers (`maximum: 9223372036854776000`, the float
    /// spelling of 2^63 that generators write for int64 and uint64) brought to the nearest one
    /// (Int64.max or Int64.min): the same bound for every integer a request can carry. Each is noted.
    private static func clampingBounds(in node: Node, path: String, notes: inout [ImportReport.Note]) -> Node {
        switch node {
        case .mapping(let mapping):
            let pairs = mapping.map { pair -> (Node, Node) in
                let key = pair.key.string ?? ""
                let place = path.isEmpty ? key : path + "." + key
                if bounds.contains(key), case .scalar(let scalar) = pair.value, Int64(scalar.string) == nil,
                    let number = Double(scalar.string), number.rounded() == number, abs(number) >= 9.2e18
                {
                    let bound = number > 0 ? Int64.max : Int64.min
                    notes.append(
                        ImportReport.Note(.approximated, at: place, "\(scalar.string) is beyond 64-bit integers: \(bound) is used"))
                    return (pair.key, .scalar(.init(String(bound), scalar.tag, scalar.style, scalar.mark)))
                }
                return (pair.key, clampingBounds(in: pair.value, path: place, notes: &notes))
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            let nodes = sequence.enumerated().map { clampingBounds(in: $0.element, path: "\(path)[\($0.offset)]", notes: &notes) }
            return .sequence(Node.Sequence(nodes, sequence.tag, sequence.style, sequence.mark))
        case .scalar, .alias:
            return node
        }
    }

    /// A decoding failure: the problem as it is told, and the path of the part that failed.
    private struct DecodingFailure: Error {
        var problem: ImportProblem
        var path: [any CodingKey]?
    }

    /// `root` without the part at `path` (the deepest part the path reaches that is not the
    /// document itself or one of its top-level sections); nil when there is none to leave out.
    private static func removing(_ path: [any CodingKey], from root: Node) -> Node? {
        var keys: [any CodingKey] = []
        var node = root
        for key in path {
            guard let child = child(of: node, at: key) else { break }
            keys.append(key)
            node = child
        }
        guard keys.count >= 2 else { return nil }
        return removing(keys, in: root)
    }

    private static func removing(_ keys: [any CodingKey], in node: Node) -> Node {
        guard let key = keys.first else { return node }
        switch node {
        case .mapping(var mapping):
            guard let index = mapping.firstIndex(where: { $0.key.string == key.stringValue }) else { return node }
            if keys.count == 1 {
                let kept = mapping.indices.filter { $0 != index }.map { (mapping[$0].key, mapping[$0].value) }
                return .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark))
            } else {
                mapping[index] = (mapping[index].key, removing(Array(keys.dropFirst()), in: mapping[index].value))
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            guard let index = key.intValue, index < sequence.count else { return node }
            if keys.count == 1 {
                sequence.remove(at: index)
            } else {
                sequence[index] = removing(Array(keys.dropFirst()), in: sequence[index])
            }
            return .sequence(sequence)
        case .scalar, .alias:
            return node
        }
    }

    private static func child(of node: Node, at key: any CodingKey) -> Node? {
        if let index = key.intValue, case .sequence(let sequence) = node { return index < sequence.count ? sequence[index] : nil }
        return node[key.stringValue]
    }

    private enum Version { case swagger2, v30, v31 }

    /// The model to decode with, from the `openapi` and `swagger` keys read before the whole document.
    private static func version(openapi: String?, swagger: String?, source: String) throws(ImportProblem) -> Version {
        if let swagger {
            guard swagger.hasPrefix("2.") else {
                throw ImportProblem(source: source, place: "swagger", "Swagger \(swagger) is not supported (Ferry reads 2.0)")
            }
            return .swagger2
        }
        guard let version = openapi else { throw ImportProblem(source: source, "no `openapi:` version: this is not an OpenAPI document") }
        if version.hasPrefix("3.0") { return .v30 }
        if version.hasPrefix("3.1") || version.hasPrefix("3.2") { return .v31 }
        throw ImportProblem(source: source, place: "openapi", "OpenAPI \(version) is not supported (Ferry reads 3.0, 3.1 and 3.2)")
    }

    private static func decode(_ node: Node, version: Version, source: String) throws(DecodingFailure) -> OpenAPIKit.OpenAPI.Document {
        // Vendor extensions (`x-…`) are not imported; reading them decodes every object a second time
        // (the key is the same in OpenAPIKit30).
        let skipExtensions: [CodingUserInfoKey: Any] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
        do {
            switch version {
            case .v30, .swagger2:
                return try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: node, userInfo: skipExtensions).convert(
                    to: .v3_1_1)
            case .v31: return try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: skipExtensions)
            }
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let path = described.codingPath
            var place = path.isEmpty ? nil : dotted(path)
            if let mark = mark(of: path, in: node) {
                place = [place, "line \(mark.line), column \(mark.column)"].compactMap { $0 }.joined(separator: ", ")
            }
            // OpenAPIKit explains nested failures over several lines; the problem is one line.
            let lines = described.localizedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            throw DecodingFailure(
                problem: ImportProblem(source: source, place: place, lines.filter { !$0.isEmpty }.joined(separator: " ")),
                path: path.isEmpty ? nil : path)
        }
    }

    /// `paths./pets.get.parameters[0]`: keys joined by dots, indices in brackets.
    private static func dotted(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// The deepest node the coding path reaches, for its line and column.
    private static func mark(of path: [any CodingKey], in root: Node) -> Mark? {
        var node = root
        for key in path {
            if let index = key.intValue, case .sequence(let sequence) = node, index < sequence.count {
                node = sequence[index]
            } else if let child = node[key.stringValue] {
                node = child
            } else {
                break
            }
        }
        return node.mark
    }

    private static func place(of node: Node) -> String? {
        node.mark.map { "line \($0.line), column \($0.column)" }
    }

    /// A YAML (or JSON) syntax error as a problem at its line and column.
    static func syntaxProblem(_ error: any Error, source: String) -> ImportProblem {
        guard let yaml = error as? YamlError else { return ImportProblem(source: source, "\(error)") }
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var message = "not valid YAML or JSON: \(problem)"
            if let context, !context.text.isEmpty {
                message += " (\(context.text) at line \(context.mark.line), column \(context.mark.column))"
            }
            return ImportProblem(source: source, place: "line \(mark.line), column \(mark.column)", message)
        case .reader(let problem, let offset, _, _):
            return ImportProblem(source: source, place: offset.map { "byte \($0)" }, "not valid YAML or JSON: \(problem)")
        default:
            return ImportProblem(source: source, "not valid YAML or JSON: \(yaml)")
        }
    }
}
