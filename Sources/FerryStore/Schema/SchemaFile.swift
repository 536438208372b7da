import FerryCore
import Foundation
import Yams

/// Schemas on disk, for `expect: body: schema:`, `--expect-schema` and `ferry view --schema`: a
/// JSON or YAML file (an OpenAPI document is YAML as often as JSON), `#/components/schemas/Pet`
/// after the path naming one schema inside it. `$ref`s to other files are read relative to the
/// file that names them, each through the `FileAccessPolicy` (never outside a collection's folder).
public enum SchemaFile {
    /// Compiles the schema `reference` names (`pet.json`, `openapi.yaml#/components/schemas/Pet`),
    /// a relative path taken from the policy's folder. `field` names the setting in refusals.
    public static func compile(
        _ reference: String, access: FileAccessPolicy, field: String, options: SchemaOptions = SchemaOptions()
    ) throws -> SchemaValidator {
        let (path, pointer) = split(reference)
        let absolute = try access.readablePath(path, field: field)
        let document = try read(absolute)
        var options = options
        options.baseURI = URL(fileURLWithPath: absolute).absoluteString
        options.loader = loader(access: access, field: field)
        return try SchemaValidator(document, pointer: pointer, options: options)
    }

    /// Compiles a schema given as JSON text (an inline schema), its relative `$ref`s read from the policy's folder.
    public static func compile(
        json text: String, access: FileAccessPolicy, field: String, options: SchemaOptions = SchemaOptions()
    )
        throws -> SchemaValidator
    {
        let document = try JSONParser.parse(Data(text.utf8))
        var options = options
        options.baseURI = URL(fileURLWithPath: CollectionPath.absolute("inline-schema.json", in: access.directory)).absoluteString
        options.loader = loader(access: access, field: field)
        return try SchemaValidator(document, options: options)
    }

    /// The path and the JSON pointer of `openapi.yaml#/components/schemas/Pet` (`""` without one).
    static func split(_ reference: String) -> (path: String, pointer: String) {
        guard let hash = reference.lastIndex(of: "#") else { return (reference, "") }
        return (String(reference[..<hash]), String(reference[reference.index(after: hash)...]))
    }

    /// Reads a schema document: JSON, or else YAML turned into the JSON it stands for.
    /// A file that cannot be read, or one over `sizeLimit`, is a `ConfigProblem` naming it.
    static func read(_ path: String) throws -> Document {
        try parse(Data(try FileBytes.contents(of: path, limit: sizeLimit, kind: "a schema or OpenAPI document")), path: path)
    }

    /// The largest schema or OpenAPI document Ferry reads (the largest public descriptions are about
    /// 15 MB of JSON); parsing is held to bounded memory.
    static let sizeLimit = 256 << 20

    /// Parses a schema document's bytes: JSON, or else YAML turned into the JSON it stands for; `path` names it in problems.
    public static func parse(_ data: Data, path: String) throws -> Document {
        if let document = try? JSONParser.parse(data) { return document }
        // `json` reads plain scalars itself: Yams' resolver (a regular expression per scalar) is skipped.
        let file = try YAMLFile(text: String(decoding: data, as: UTF8.self), path: path, resolver: .basic)
        guard let text = json(file.root, budget: file.budget) else {
            throw file.problem(at: file.root, key: "", "holds more than \(file.budget.limit) values (YAML aliases repeat their values)")
        }
        return try JSONParser.parse(Data(text.utf8))
    }

    /// A YAML node as JSON text; nil once `budget` is spent (an alias bomb would otherwise grow
    /// without bound). A plain scalar is read as YAML 1.2's core schema reads it (`null`, `~`,
    /// `true`, `false`, JSON numbers), whatever resolver parsed the file; a quoted one is a string.
    static func json(_ node: Node, budget: ReadingBudget) -> String? {
        guard budget.spend() else { return nil }
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return JSONStringLiteral.make(scalar.string) }
            switch scalar.string {
            case "null", "Null", "NULL", "~", "": return "null"
            case "true", "True", "TRUE": return "true"
            case "false", "False", "FALSE": return "false"
            default:
                // A JSON number as written (a plain scalar has no white space around it); `+1` is YAML's, not JSON's.
                let isNumber = Node.isNumber(scalar.string) && scalar.string.utf8.first != UInt8(ascii: "+")
                return isNumber ? scalar.string : JSONStringLiteral.make(scalar.string)
            }
        case .mapping(let mapping):
            var members: [String] = []
            for (key, value) in mapping {
                guard let text = json(value, budget: budget) else { return nil }
                members.append(JSONStringLiteral.make(key.string ?? "") + ":" + text)
            }
            return "{" + members.joined(separator: ",") + "}"
        case .sequence(let sequence):
            var items: [String] = []
            for item in sequence {
                guard let text = json(item, budget: budget) else { return nil }
                items.append(text)
            }
            return "[" + items.joined(separator: ",") + "]"
        case .alias:
            return "null"
        }
    }

    /// Reads the files other `$ref`s name (`file://` URIs only), each through `access`.
    static func loader(access: FileAccessPolicy, field: String) -> SchemaLoader {
        { uri in
            guard let url = URL(string: uri), url.isFileURL else { return nil }
            return try read(try access.readablePath(url.path, field: field))
        }
    }
}
