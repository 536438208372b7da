import FerryCore

/// Insomnia's v5 YAML (`type: collection.insomnia.rest/5.0`, or `spec.insomnia.rest/5.0` with a
/// design document): a `collection` tree of folders (with `children`) and requests, and one
/// `environments` base with its `subEnvironments`. Requests read as in format 4; a folder's
/// description goes into its `_folder.ferry.yaml`; folder variables, the cookie jar and the spec
/// are named in the report.
enum InsomniaTreeReader {
    static func collection(_ root: JSONNode) throws(ImportProblem) -> ImportedCollection {
        var collection = ImportedCollection()
        try walk(try root.array("collection") ?? [], folder: [], into: &collection)
        if let environments = try root.object("environments") {
            collection.environments = try InsomniaImporter.environments(
                base: environments, children: try environments.array("subEnvironments") ?? [],
                report: &collection.report)
        }
        if root["cookieJar"] != nil { collection.report.dropped("cookieJar", "the cookie jar is not imported") }
        if root["spec"] != nil {
            collection.report.dropped("spec", "the design document is not imported here: ferry import openapi reads it")
        }
        return collection
    }

    private static func walk(_ items: [JSONNode], folder: [String], into collection: inout ImportedCollection) throws(ImportProblem) {
        for item in items {
            let id = try item.object("meta")?.string("id") ?? ""
            guard item["children"] != nil || id.hasPrefix("fld_") else {
                try InsomniaImporter.add(item, folder: folder, to: &collection)
                continue
            }
            let children = try item.array("children") ?? []
            let path = folder + [try item.string("name") ?? "folder"]
            var defaults = FolderDefaults()
            if let text = try item.object("meta")?.string("description"), !text.isEmpty { defaults.description = text }
            let scripts = InsomniaRequestReader.scripts(of: item)
            if !scripts.isEmpty { defaults.scripts = [scripts] }
            if defaults != FolderDefaults() { collection.folders[RequestFileName.folder(path)] = defaults }
            if let environment = try item.object("environment") {
                collection.report.dropped(
                    environment.path,
                    "the folder's variables (\(try environment.members().map(\.key).joined(separator: ", "))) are not imported: Ferry's variables belong to environments"
                )
            }
            try walk(children, folder: path, into: &collection)
        }
    }
}
