import FerryCore
import Foundation
import Yams

/// Insomnia exports, format 4 (JSON or YAML) and the v5 YAML (`InsomniaTreeReader`): request groups
/// become folders, requests request files (`InsomniaRequestReader`), the base environment and its
/// sub-environments environments (the base values in each; a private sub-environment's values
/// secret). Cookie jars, API specs, unit tests, gRPC and WebSocket requests are named in the report.
public struct InsomniaImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let root = try Self.parse(text, source: source)
        if let type = try root.string("type"), type.hasPrefix("collection.insomnia.rest/5") || type.hasPrefix("spec.insomnia.rest/5") {
            return try InsomniaTreeReader.collection(root)
        }
        guard try root.string("_type") == "export", let format = try root.string("__export_format") else {
            throw root.problem("not an Insomnia export: `_type: export` and `__export_format` are missing")
        }
        guard format == "4" else {
            throw root["__export_format"]!.problem("Insomnia export format \(format) is not read: Ferry reads format 4")
        }
        let resources = try root.array("resources") ?? []
        var byID: [String: JSONNode] = [:]
        for resource in resources {
            if let id = try resource.string("_id") { byID[id] = resource }
        }
        var collection = ImportedCollection()
        var environments: [(node: JSONNode, parent: String?)] = []
        for resource in resources {
            let type = try resource.string("_type") ?? ""
            switch type {
            case "request":
                let variables = try Self.groupVariables(of: resource, in: byID, report: &collection.report)
                try Self.add(resource, folder: try Self.folders(of: resource, in: byID), variables: variables, to: &collection)
            case "request_group":
                var defaults = FolderDefaults()
                if let text = try resource.string("description"), !text.isEmpty { defaults.description = text }
                let scripts = InsomniaRequestReader.scripts(of: resource)
                if !scripts.isEmpty { defaults.scripts = [scripts] }
                if defaults != FolderDefaults() {
                    collection.folders[
                        RequestFileName.folder(try Self.folders(of: resource, in: byID) + [try resource.string("name") ?? "folder"])] =
                        defaults
                }
            case "environment":
                environments.append((resource, try resource.string("parentId")))
            case "workspace":
                break
            default:
                collection.report.dropped(
                    resource.path, "the Insomnia \(type) \(try resource.string("name") ?? "") has no counterpart in Ferry")
            }
        }
        var ids = Set<String>()
        for environment in environments {
            if let id = try environment.node.string("_id") { ids.insert(id) }
        }
        for base in environments where !ids.contains(base.parent ?? "") {
            let id = try base.node.string("_id")
            let children = environments.filter { id != nil && $0.parent == id }.map(\.node)
            collection.environments += try Self.environments(base: base.node, children: children, report: &collection.report)
        }
        return collection
    }

    /// Reads one request resource (either format) into `collection`, in `folder`, with its folders'
    /// `variables` as its own.
    static func add(
        _ resource: JSONNode, folder: [String], variables: [Variable] = [], to collection: inout ImportedCollection
    ) throws(ImportProblem) {
        var reader = InsomniaRequestReader(resource: resource)
        var description = try reader.description()
        description.variables = variables
        collection.report.notes += reader.report.notes
        collection.attachments.formUnion(reader.attachments)
        collection.add(description, title: description.name ?? "request", folder: RequestFileName.folder(folder), source: resource.path)
        collection.report.imported(resource.path, "\(description.method.rawValue) \(description.url)")
    }

    /// JSON, or YAML (Insomnia writes both).
    private static func parse(_ text: String, source: String) throws(ImportProblem) -> JSONNode {
        if text.drop(while: \.isWhitespace).hasPrefix("{") { return try JSONNode.parse(text, source: source) }
        do {
            guard let document = try Yams.compose(yaml: text) else { throw ImportProblem(source: source, "the document is empty") }
            try YAMLValueGuard.check(document, source: source)
            let value = document.any
            return JSONNode(value: value, components: [], source: source)
        } catch let problem as ImportProblem {
            throw problem
        } catch {
            throw OpenAPIDocumentReader.syntaxProblem(error, source: source)
        }
    }

    /// The variables of the request groups above `resource` (a folder's environment; the closer
    /// folder's value wins), as the request's own: Ferry fills them in when no environment value or
    /// `--var` gives the name (Insomnia lets a folder's value win over the environment's: noted).
    private static func groupVariables(
        of resource: JSONNode, in byID: [String: JSONNode], report: inout ImportReport
    ) throws(ImportProblem) -> [Variable] {
        var variables: [Variable] = []
        var parent = try resource.string("parentId")
        var seen = Set<String>()
        while let id = parent, let group = byID[id], try group.string("_type") == "request_group", seen.insert(id).inserted {
            if let data = try group.object("environment") {
                for (key, value) in try data.members() where !variables.contains(where: { $0.name == key }) {
                    guard let text = value.text else { continue }
                    variables.append(Variable(name: key, value: InsomniaRequestReader.ferrySpelling(text)))
                }
                if !(data.value as? [String: Any] ?? [:]).isEmpty, !report.notes.contains(where: { $0.place == data.path }) {
                    report.approximated(
                        data.path, "the folder's variables are its requests' own: an environment value of the same name wins in Ferry")
                }
            }
            parent = try group.string("parentId")
        }
        return variables
    }

    /// The names of the request groups above `resource`, outermost first.
    private static func folders(of resource: JSONNode, in byID: [String: JSONNode]) throws(ImportProblem) -> [String] {
        var names: [String] = []
        var parent = try resource.string("parentId")
        var seen = Set<String>()
        while let id = parent, let group = byID[id], try group.string("_type") == "request_group", seen.insert(id).inserted {
            names.insert(try group.string("name") ?? "folder", at: 0)
            parent = try group.string("parentId")
        }
        return names
    }

    /// A base environment and its sub-environments: each sub-environment an environment with the
    /// base values under its own (a private one's values secret); a base without any stands alone.
    static func environments(
        base: JSONNode, children: [JSONNode], report: inout ImportReport
    ) throws(ImportProblem) -> [ImportedCollection.Environment] {
        let baseVariables = try variables(of: base, secret: false, report: &report)
        guard !children.isEmpty else { return [.init(name: try base.string("name") ?? "insomnia", variables: baseVariables)] }
        var result: [ImportedCollection.Environment] = []
        for child in children {
            let own = try variables(of: child, secret: child.flag("isPrivate") || child["meta"]?.flag("isPrivate") == true, report: &report)
            let names = Set(own.map(\.name))
            result.append(
                .init(name: try child.string("name") ?? "insomnia", variables: baseVariables.filter { !names.contains($0.name) } + own))
        }
        return result
    }

    /// An environment's `data`: text values (numbers and booleans as written), the members of an
    /// object by their dotted names (`config: {url: …}` is `config.url`, as `{{ _.config.url }}`
    /// reads it); others (lists) are named.
    private static func variables(of node: JSONNode, secret: Bool, report: inout ImportReport) throws(ImportProblem) -> [Variable] {
        guard let data = try node.object("data") else { return [] }
        var variables: [Variable] = []
        try add(data, prefix: "", secret: secret, to: &variables, report: &report)
        return variables
    }

    private static func add(
        _ object: JSONNode, prefix: String, secret: Bool, to variables: inout [Variable], report: inout ImportReport
    ) throws(ImportProblem) {
        for (key, value) in try object.members() {
            let name = prefix + key
            if value.isObject {
                try add(value, prefix: name + ".", secret: secret, to: &variables, report: &report)
                continue
            }
            guard let text = value.text else {
                report.dropped(value.path, "\(name) is not a text value: Ferry's variables are text")
                continue
            }
            // A value made of others (`{{ _.scheme }}://{{ _.host }}`) is filled in when sent.
            variables.append(Variable(name: name, value: InsomniaRequestReader.ferrySpelling(text), isSecret: secret))
            report.imported(value.path, "variable \(name)")
        }
    }
}
