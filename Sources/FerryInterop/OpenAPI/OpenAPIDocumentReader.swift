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
        // JSON too is read as YAML (JSON is YAML): Foundation's JSONDecoder does not give keys in
        // document order, which OpenAPIKit's ordered maps (paths, properties) need.
        let yaml = text.first(where: { !$0.isWhitespace }) == "{" ? JSONSurrogateEscapes.rewritten(text) : text
        guard var tree = try YAMLEventReader.tree(of: yaml, source: source) else {
            throw ImportProblem(source: source, "the document is empty")
        }
        guard tree.kinds[Int(tree.root)] == .mapping else {
            throw ImportProblem(
                source: source, place: tree.place(of: tree.root), "an OpenAPI document is a mapping (`openapi: 3.1.0`, `info:`, `paths:` …)"
            )
        }
        let version = try version(
            openapi: tree.child(of: tree.root, named: "openapi").flatMap(tree.string),
            swagger: tree.child(of: tree.root, named: "swagger").flatMap(tree.string), source: source)
        let refersToOtherFiles = ExternalReferences.referToOtherFiles(in: tree)
        var dropped: [ImportProblem] = []
        if version == .swagger2 || refersToOtherFiles {
            (tree, dropped) = try rewrittenTree(
                yaml, swagger: version == .swagger2, inlining: refersToOtherFiles, source: source, directory: directory)
        }
        var clamped: [ImportReport.Note] = []
        if version != .v31 { SchemaLists.rewrite(tree, notes: &clamped) }
        if mayHoldHugeNumbers(text) {
            var path = DocumentPath()
            clampBounds(below: tree.root, in: tree, path: &path, notes: &clamped)
        }
        UnreadSchemas.leaveOut(of: tree)
        while true {
            do {
                return (try decode(tree, version: version, source: source), dropped, clamped)
            } catch {
                guard dropped.count < droppedLimit, let path = error.path, remove(path, from: tree) else { throw error.problem }
                dropped.append(error.problem)
            }
        }
    }

    /// The tree of a document rewritten as Yams' nodes: references to other files inlined
    /// (`ExternalReferences`, each part's places naming its file), Swagger 2.0 said as OpenAPI 3.0
    /// (`SwaggerConverter`); and why each referenced file that is not valid YAML was not read.
    private static func rewrittenTree(
        _ yaml: String, swagger: Bool, inlining: Bool, source: String, directory: String
    ) throws(ImportProblem) -> (tree: DecodingTree, unreadable: [ImportProblem]) {
        var document: Node
        do {
            // Scalars stay untyped strings (as YAMLDecoder's own parse leaves them).
            guard let composed = try Yams.compose(yaml: yaml, Resolver.basic.appending(.merge)) else {
                throw ImportProblem(source: source, "the document is empty")
            }
            document = composed
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw syntaxProblem(error, source: source)
        }
        var references = ExternalReferences(directory: directory)
        if inlining { document = references.inline(document) }
        if swagger { document = SwaggerConverter.convert(document) }
        try YAMLValueGuard.check(document, source: source)
        let unreadable = references.unreadable.map {
            ImportProblem(source: source, place: [$0.source, $0.place].compactMap { $0 }.joined(separator: ", "), $0.message)
        }
        return (DecodingTree(document, partFiles: references.partFiles), unreadable)
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

    /// Brings every bound below `node` beyond 64-bit integers (`maximum: 9223372036854776000`, the
    /// float spelling of 2^63 that generators write for int64 and uint64) to the nearest one
    /// (Int64.max or Int64.min): the same bound for every integer a request can carry. Each is noted.
    private static func clampBounds(below node: Int32, in tree: DecodingTree, path: inout DocumentPath, notes: inout [ImportReport.Note]) {
        switch tree.kinds[Int(node)] {
        case .mapping:
            for position in tree.run(of: node) {
                let key = tree.keys[position] ?? ""
                let child = tree.children[position]
                if bounds.contains(key), let text = tree.string(child), Int64(text) == nil, let number = Double(text),
                    number.rounded() == number, abs(number) >= 9.2e18
                {
                    let bound = number > 0 ? Int64.max : Int64.min
                    tree.setString(String(bound), of: child)
                    notes.append(
                        ImportReport.Note(
                            .approximated, at: path.text(appending: key), "\(text) is beyond 64-bit integers: \(bound) is used"))
                    continue
                }
                path.append(.key(key))
                clampBounds(below: child, in: tree, path: &path, notes: &notes)
                path.removeLast()
            }
        case .sequence:
            for (offset, position) in tree.run(of: node).enumerated() {
                path.append(.index(offset))
                clampBounds(below: tree.children[position], in: tree, path: &path, notes: &notes)
                path.removeLast()
            }
        case .scalar, .alias:
            return
        }
    }

    /// A decoding failure: the problem as it is told, and the path of the part that failed.
    private struct DecodingFailure: Error {
        var problem: ImportProblem
        var path: [any CodingKey]?
    }

    /// Leaves out of `tree` the part at `path` (the deepest part the path reaches that is not the
    /// document itself or one of its top-level sections); false when there is none to leave out.
    private static func remove(_ path: [any CodingKey], from tree: DecodingTree) -> Bool {
        var reached: [(parent: Int32, key: any CodingKey)] = []
        var node = tree.root
        for key in path {
            guard let child = child(of: node, at: key, in: tree) else { break }
            reached.append((node, key))
            node = child
        }
        guard reached.count >= 2, let (parent, key) = reached.last else { return false }
        var pairs = tree.pairs(of: parent)
        let index =
            tree.kinds[Int(parent)] == .sequence ? key.intValue : pairs.firstIndex { $0.key == key.stringValue }
        guard let index, pairs.indices.contains(index) else { return false }
        pairs.remove(at: index)
        tree.setRun(of: parent, keys: pairs.map(\.key), children: pairs.map(\.value))
        return true
    }

    private static func child(of node: Int32, at key: any CodingKey, in tree: DecodingTree) -> Int32? {
        if let index = key.intValue, tree.kinds[Int(node)] == .sequence { return tree.item(of: node, at: index) }
        return tree.child(of: node, named: key.stringValue)
    }

    private enum Version: Equatable { case swagger2, v30, v31 }

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

    private static func decode(
        _ tree: DecodingTree, version: Version, source: String
    ) throws(DecodingFailure) -> OpenAPIKit.OpenAPI.Document {
        // Vendor extensions (`x-…`) are not imported; reading them decodes every object a second time
        // (the key is the same in OpenAPIKit30).
        let skipExtensions: [CodingUserInfoKey: Any] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
        do {
            switch version {
            case .v30, .swagger2:
                return try NodeDecoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: tree, userInfo: skipExtensions).convert(
                    to: .v3_1_1)
            case .v31: return try NodeDecoder.decode(OpenAPIKit.OpenAPI.Document.self, from: tree, userInfo: skipExtensions)
            }
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let path = described.codingPath
            let dotted = DocumentPath(path.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) }).text
            let located = [dotted.isEmpty ? nil : dotted, place(of: path, in: tree)].compactMap { $0 }.joined(separator: ", ")
            // OpenAPIKit explains nested failures over several lines; the problem is one line.
            let lines = described.localizedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            throw DecodingFailure(
                problem: ImportProblem(
                    source: source, place: located.isEmpty ? nil : located, lines.filter { !$0.isEmpty }.joined(separator: " ")),
                path: path.isEmpty ? nil : path)
        }
    }

    /// Where the deepest node the coding path reaches starts.
    private static func place(of path: [any CodingKey], in tree: DecodingTree) -> String? {
        var node = tree.root
        for key in path {
            guard let child = child(of: node, at: key, in: tree) else { break }
            node = child
        }
        return tree.place(of: node)
    }

    /// A YAML (or JSON) syntax error as a problem at its line and column.
    static func syntaxProblem(_ error: any Error, source: String) -> ImportProblem {
        guard let yaml = error as? YamlError else { return ImportProblem(source: source, "\(error)") }
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            return syntaxProblem(
                problem, line: mark.line, column: mark.column, context: context.map { ($0.text, $0.mark.line, $0.mark.column) },
                source: source)
        case .reader(let problem, let offset, _, _):
            return ImportProblem(source: source, place: offset.map { "byte \($0)" }, "not valid YAML or JSON: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams' own text holds the whole document; the place is the first repeated key's.
            let names = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return ImportProblem(
                source: source, place: "line \(context.mark.line), column \(context.mark.column)",
                "not valid YAML or JSON: expected all keys to be unique but found the following duplicated key(s): \(names)")
        default:
            return ImportProblem(source: source, "not valid YAML or JSON: \(yaml)")
        }
    }

    /// A syntax error `problem` at a line and column, with what was being read (`context`) where it began.
    static func syntaxProblem(
        _ problem: String, line: Int, column: Int, context: (text: String, line: Int, column: Int)?, source: String
    ) -> ImportProblem {
        var message = "not valid YAML or JSON: \(problem)"
        if let context, !context.text.isEmpty {
            message += " (\(context.text) at line \(context.line), column \(context.column))"
        }
        return ImportProblem(source: source, place: "line \(line), column \(column)", message)
    }
}
