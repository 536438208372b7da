import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI document, YAML or JSON, with OpenAPIKit: 3.0 documents are converted to 3.1 so
/// the importer reads one model. Syntax errors are placed by line and column; OpenAPIKit's decoding
/// errors by their path in the document (`paths./pets.get.responses`) and the line it starts on.
enum OpenAPIDocumentReader {
    /// Reads `text`; references to other files are read relative to `directory`.
    static func read(_ text: String, source: String, directory: String) throws(ImportProblem) -> OpenAPIKit.OpenAPI.Document {
        // JSON too goes through Yams (JSON is YAML): Foundation's JSONDecoder does not give keys in
        // document order, which OpenAPIKit's ordered maps (paths, properties) need.
        let node: Node
        do {
            // Scalars stay untyped strings (as YAMLDecoder's own parse leaves them), so a quoted
            // `'200'` key is found by the decoder's string lookup.
            guard let composed = try Yams.compose(yaml: text, Resolver.basic.appending(.merge)) else {
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
        if case .swagger2 = version { return try decode(SwaggerConverter.convert(document), version: .v30, source: source) }
        return try decode(document, version: version, source: source)
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

    private static func decode(_ node: Node, version: Version, source: String) throws(ImportProblem) -> OpenAPIKit.OpenAPI.Document {
        // Vendor extensions (`x-…`) are not imported; reading them decodes every object a second time
        // (the key is the same in OpenAPIKit30).
        let skipExtensions: [CodingUserInfoKey: Any] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]
        try YAMLValueGuard.check(node, source: source)
        do {
            switch version {
            case .v30, .swagger2:
                return try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: node, userInfo: skipExtensions).convert(
                    to: .v3_1_1)
            case .v31: return try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: node, userInfo: skipExtensions)
            }
        } catch let error as YamlError {
            throw syntaxProblem(error, source: source)
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let path = described.codingPath
            var place = path.isEmpty ? nil : dotted(path)
            if let mark = mark(of: path, in: node) {
                place = [place, "line \(mark.line), column \(mark.column)"].compactMap { $0 }.joined(separator: ", ")
            }
            // OpenAPIKit explains nested failures over several lines; the problem is one line.
            let lines = described.localizedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            throw ImportProblem(source: source, place: place, lines.filter { !$0.isEmpty }.joined(separator: " "))
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
