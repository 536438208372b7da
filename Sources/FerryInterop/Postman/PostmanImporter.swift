import FerryCore
import Foundation

/// Postman collections (v2.0 and v2.1) and Postman environment files. Folders become folders,
/// requests request files (`PostmanRequestReader`), collection and folder variables one
/// environment named after the collection, an environment file an environment; pre-request and
/// test scripts `scripts:` of the request, folder or collection; what Ferry cannot send is named in the report.
public struct PostmanImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let root = try JSONNode.parse(text, source: source)
        guard root.isObject else { throw root.problem("expected a Postman collection or environment (a JSON object)") }
        if root["_postman_variable_scope"] != nil || (root["values"] != nil && root["info"] == nil) {
            return try environment(root, source: source)
        }
        if root["requests"] != nil, root["info"] == nil {
            throw root.problem("this is a Postman collection v1, which Ferry does not read; export it from Postman as v2.1")
        }
        var collection = ImportedCollection()
        let info = try root.object("info")
        if let schema = try info?.string("schema") {
            guard schema.contains("/v2.0.") || schema.contains("/v2.1.") else {
                throw info!["schema"]!.problem("unknown collection schema \(schema): Ferry reads Postman collections v2.0 and v2.1")
            }
        } else {
            collection.report.approximated("info.schema", "no schema named; read as a v2.1 collection")
        }
        guard let items = try root.array("item") else {
            throw ImportProblem(source: source, place: "/item", "not a Postman collection: the `item` list is missing")
        }
        let infoName = try info?.string("name")
        let rootName = try root.string("name")
        let name = infoName ?? rootName ?? Self.fileName(source)
        if let info, let description = try PostmanRequestReader.description(of: info) {
            var defaults = FolderDefaults()
            defaults.description = description
            collection.folders[""] = defaults
        }
        var walker = Walker(collection: collection)
        let rootScripts = try walker.scripts(of: root)
        if !rootScripts.isEmpty { walker.collection.folders["", default: FolderDefaults()].scripts = [rootScripts] }
        try walker.readVariables(of: root, folder: nil)
        try walker.walk(items, folder: [], auth: try root.object("auth"))
        collection = walker.collection
        if !walker.variables.isEmpty {
            collection.environments.append(.init(name: name, variables: walker.variables))
        }
        return collection
    }

    /// A Postman environment (or globals) file: its enabled values, `secret` ones secret.
    private func environment(_ root: JSONNode, source: String) throws(ImportProblem) -> ImportedCollection {
        var collection = ImportedCollection()
        var variables: [Variable] = []
        for value in try root.array("values") ?? [] {
            guard let key = try value.string("key") else { throw value.problem("a variable without a `key`") }
            if value.isDisabled {
                collection.report.dropped(value.path, "the disabled variable \(key) is not imported")
                continue
            }
            if variables.replacing(
                Variable(name: key, value: try value.string("value") ?? "", isSecret: try value.string("type") == "secret"))
            {
                collection.report.approximated(value.path, "\(key) is set more than once; the last value is kept")
            } else {
                collection.report.imported(value.path, "variable \(key)")
            }
        }
        collection.environments.append(.init(name: try root.string("name") ?? Self.fileName(source), variables: variables))
        return collection
    }

    /// The source's file name up to its first dot (`api` for `api.postman_collection.json`).
    private static func fileName(_ source: String) -> String {
        (source as NSString).lastPathComponent.components(separatedBy: ".").first ?? "postman"
    }

    /// Walks the item tree, carrying the folder path and the auth requests inherit.
    private struct Walker {
        var collection: ImportedCollection
        var variables: [Variable] = []

        init(collection: ImportedCollection) { self.collection = collection }

        mutating func walk(_ items: [JSONNode], folder: [String], auth: JSONNode?) throws(ImportProblem) {
            for item in items {
                let name = try item.string("name") ?? "request"
                let scripts = try self.scripts(of: item)
                if let children = try item.array("item") {
                    let path = folder + [name]
                    if let description = try PostmanRequestReader.description(of: item) {
                        var defaults = FolderDefaults()
                        defaults.description = description
                        collection.folders[RequestFileName.folder(path)] = defaults
                    }
                    if !scripts.isEmpty { collection.folders[RequestFileName.folder(path), default: FolderDefaults()].scripts = [scripts] }
                    try readVariables(of: item, folder: name)
                    try walk(children, folder: path, auth: try item.object("auth") ?? auth)
                } else if item["request"] != nil {
                    try readVariables(of: item, folder: name)
                    var reader = PostmanRequestReader(item: item, inheritedAuth: auth)
                    var description = try reader.description()
                    description.name = name
                    description.scripts = scripts
                    collection.report.notes += reader.report.notes
                    collection.attachments.formUnion(reader.attachments)
                    collection.add(description, title: name, folder: RequestFileName.folder(folder), source: item.path)
                } else {
                    collection.report.dropped(item.path, "neither a request nor a folder")
                }
            }
        }

        /// Collection, folder and item variables, gathered into the one environment.
        mutating func readVariables(of node: JSONNode, folder: String?) throws(ImportProblem) {
            for variable in try node.array("variable") ?? [] {
                let named = try variable.string("key")
                let id = try variable.string("id")
                guard let key = named ?? id else { throw variable.problem("a variable without a `key`") }
                if variable.isDisabled {
                    collection.report.dropped(variable.path, "the disabled variable \(key) is not imported")
                    continue
                }
                let value = Variable(
                    name: key, value: try variable.string("value") ?? "", isSecret: try variable.string("type") == "secret")
                if variables.replacing(value) {
                    collection.report.approximated(variable.path, "\(key) is set more than once; the last value is kept")
                }
                if let folder {
                    collection.report.approximated(
                        variable.path, "\(key) of `\(folder)` is in the collection's environment, seen by every request")
                } else {
                    collection.report.imported(variable.path, "variable \(key)")
                }
            }
        }

        /// The pre-request and test scripts of an item, a folder or the collection (`event`), kept as
        /// `scripts:`; an event of another kind is named in the report.
        mutating func scripts(of node: JSONNode) throws(ImportProblem) -> RequestScripts {
            var scripts = RequestScripts()
            guard let events = node["event"] else { return scripts }
            for event in events.isObject ? [events] : try events.elements() {  // one event may stand alone
                guard let exec = try event.object("script")?["exec"] else { continue }
                let lines = exec.isArray ? try exec.elements().compactMap(\.text) : [exec.text ?? ""]
                var code = lines.joined(separator: "\n")
                guard !code.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
                if !code.hasSuffix("\n") { code += "\n" }
                let kind = try event.string("listen") ?? "script"
                let phase: RequestScripts.Phase? = kind == "prerequest" ? .preRequest : kind == "test" ? .tests : nil
                let count = "\(lines.count) line\(lines.count == 1 ? "" : "s")"
                guard let phase else {
                    collection.report.dropped(event.path, "a \(kind) script (\(count)) has no place in Ferry")
                    continue
                }
                let text = scripts[phase].map { $0.text + code } ?? code
                scripts[phase] = ScriptSource(text, file: event.path)
                collection.report.imported(event.path, "a \(kind) script (\(count)), kept as scripts: \(phase.rawValue)")
            }
            return scripts
        }
    }
}
