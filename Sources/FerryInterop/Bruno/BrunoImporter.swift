import FerryCore
import Foundation
import Yams

/// Bruno collections: the folder of `bruno.json` (the document this importer is given), its `.bru`
/// request files in their folders (`BrunoRequestReader`), `collection.bru` and `folder.bru`
/// (headers and docs as folder defaults, auth for requests that inherit it, variables into every
/// environment, under its own values, or into one named after the collection when it has none), and `environments/*.bru` (secret names as empty secret values:
/// Bruno keeps their values out of its files). Folders and requests keep Bruno's `seq` order.
/// Bruno's YAML format (`opencollection.yml`, `folder.yml`, requests and environments as `.yml`)
/// is read into the same blocks (`OpenCollectionItem`) and imported alike.
public struct BrunoImporter: Importer {
    public init() {}

    public func importCollection(_ text: String, source: String, directory: String) throws(ImportProblem) -> ImportedCollection {
        let syntax = Syntax(source: source)
        var walker = Walker(root: directory, syntax: syntax)
        let name: String
        var defaults = FolderDefaults()
        var auth: Authentication?
        switch syntax {
        case .bru:
            let root = try JSONNode.parse(text, source: source)
            guard root.isObject, try root.string("type") ?? "collection" == "collection" else {
                throw root.problem("not a Bruno collection: bruno.json has no `type: collection`")
            }
            name = try root.string("name") ?? (directory as NSString).lastPathComponent
            if let document = try walker.document("collection.bru") {
                (defaults, auth) = walker.defaults(of: document, place: "collection.bru")
            }
        case .yaml:
            let root = try Syntax.yaml(text, source: source)
            guard root["opencollection"] != nil else {
                throw ImportProblem(source: source, "not a Bruno collection: opencollection.yml has no `opencollection:` version")
            }
            name = root["info"]?["name"]?.string ?? (directory as NSString).lastPathComponent
            (defaults, auth) = walker.defaults(of: OpenCollectionItem.document(root), place: (source as NSString).lastPathComponent)
        }
        walker.collection.folders[""] = defaults == FolderDefaults() ? nil : defaults
        try walker.walk("", folder: [], auth: auth)
        var collection = walker.collection
        let environments = try Self.environments(in: directory, syntax: syntax, report: &collection.report)
        // Bruno's collection and folder variables hold whichever environment is chosen, whose own values win.
        if environments.isEmpty, !walker.variables.isEmpty {
            collection.environments.append(.init(name: name, variables: walker.variables))
        }
        collection.environments += environments.map { environment in
            let own = Set(environment.variables.map(\.name))
            return .init(name: environment.name, variables: walker.variables.filter { !own.contains($0.name) } + environment.variables)
        }
        return collection
    }

    /// The two ways Bruno writes a collection: `.bru` files beside `bruno.json`, or YAML beside `opencollection.yml`.
    enum Syntax {
        case bru, yaml

        init(source: String) {
            self = ["yml", "yaml"].contains((source as NSString).pathExtension.lowercased()) ? .yaml : .bru
        }

        /// The file name ending of its request, folder and environment files.
        var suffix: String { self == .bru ? ".bru" : ".yml" }

        /// The file of `path`'s text as blocks.
        func document(_ text: String, source: String) throws(ImportProblem) -> BruDocument {
            switch self {
            case .bru: return try BruDocument(text, source: source)
            case .yaml: return OpenCollectionItem.document(try Self.yaml(text, source: source))
            }
        }

        /// `text` composed as YAML; a syntax error at its line and column.
        static func yaml(_ text: String, source: String) throws(ImportProblem) -> Node {
            do {
                return try Yams.compose(yaml: text) ?? Node.mapping(Node.Mapping([]))
            } catch {
                throw OpenAPIDocumentReader.syntaxProblem(error, source: source)
            }
        }
    }

    /// The request that one `.bru` (or `.yml`) file's `text` describes (nil for a folder or collection file);
    /// `place` names it in notes and problems. Reads no other file.
    package static func request(_ text: String, place: String) throws(ImportProblem) -> RequestDescription? {
        var reader = BrunoRequestReader(place: place, document: try Syntax(source: place).document(text, source: place), inheritedAuth: nil)
        return try reader.description()
    }

    /// `environments/NAME.bru` (or `.yml`): `vars` and the `vars:secret` names.
    private static func environments(
        in directory: String, syntax: Syntax, report: inout ImportReport
    ) throws(ImportProblem) -> [ImportedCollection.Environment] {
        let folder = (directory as NSString).appendingPathComponent("environments")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(syntax.suffix) }.sorted()
        var environments: [ImportedCollection.Environment] = []
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ImportProblem(source: path, "cannot be read as UTF-8 text")
            }
            let document =
                syntax == .bru ? try BruDocument(text, source: path) : OpenCollectionItem.environment(try Syntax.yaml(text, source: path))
            var variables: [Variable] = []
            for entry in document.block("vars")?.entries ?? [] where entry.enabled {
                variables.append(Variable(name: entry.key, value: BrunoRequestReader.template(entry.value)))
            }
            for entry in document.block("vars:secret")?.entries ?? [] {
                variables.append(Variable(name: entry.key, value: "", isSecret: true))
                report.approximated(
                    "environments/\(file):\(entry.line)", "the secret \(entry.key) has no value in Bruno's files: fill it in")
            }
            environments.append(.init(name: String(file.dropLast(syntax.suffix.count)), variables: variables))
            report.imported("environments/\(file)", "environment with \(variables.count) variables")
        }
        return environments
    }

    /// Walks the collection's folders, carrying the folder path and the auth requests inherit.
    private struct Walker {
        let root: String
        let syntax: Syntax
        var collection = ImportedCollection()
        var variables: [Variable] = []

        init(root: String, syntax: Syntax) {
            self.root = root
            self.syntax = syntax
        }

        /// The `.bru` (or `.yml`) file at `path` below the root; nil when there is none.
        func document(_ path: String) throws(ImportProblem) -> BruDocument? {
            let absolute = (root as NSString).appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: absolute) else { return nil }
            guard let text = try? String(contentsOfFile: absolute, encoding: .utf8) else {
                throw ImportProblem(source: absolute, "cannot be read as UTF-8 text")
            }
            return try syntax.document(text, source: absolute)
        }

        /// A `collection.bru` or `folder.bru`: headers and docs as defaults, its auth, its variables
        /// gathered, its scripts and tests kept as `scripts:`.
        mutating func defaults(of document: BruDocument, place: String) -> (FolderDefaults, Authentication?) {
            var defaults = FolderDefaults(
                headers: (document.block("headers")?.entries ?? []).map {
                    .init(name: $0.key, value: BrunoRequestReader.template($0.value), enabled: $0.enabled)
                })
            if let docs = document.block("docs")?.text, !docs.isEmpty { defaults.description = docs }
            for entry in document.block("vars:pre-request")?.entries ?? [] where entry.enabled {
                variables.set(Variable(name: entry.key, value: BrunoRequestReader.template(entry.value)))
                collection.report.imported("\(place):\(entry.line)", "variable \(entry.key)")
            }
            let scripts = BrunoRequestReader.scripts(of: document, report: &collection.report) { "\(place):\($0)" }
            if !scripts.isEmpty { defaults.scripts = [scripts] }
            let mode = document.block("auth")?.value("mode") ?? "none"
            let auth = BrunoRequestReader.credentials(mode, in: document)
            if auth == nil, !["none", "inherit"].contains(mode) {
                collection.report.dropped(place, "\(mode) authentication is not supported yet")
            }
            return (defaults, auth)
        }

        /// The requests of the folder at `path` (sorted by `seq`, then name), then its subfolders.
        mutating func walk(_ path: String, folder: [String], auth: Authentication?) throws(ImportProblem) {
            let absolute = (root as NSString).appendingPathComponent(path)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            var requests: [(seq: Int, name: String, document: BruDocument)] = []
            for name in names
            where name.hasSuffix(syntax.suffix) && !["collection.bru", "folder\(syntax.suffix)", "opencollection.yml"].contains(name) {
                guard let document = try document(path.isEmpty ? name : path + "/" + name) else { continue }
                requests.append((Int(document.block("meta")?.value("seq") ?? "") ?? Int.max, name, document))
            }
            for (_, name, document) in requests.sorted(by: { ($0.seq, $0.name) < ($1.seq, $1.name) }) {
                let place = path.isEmpty ? name : path + "/" + name
                var reader = BrunoRequestReader(place: place, document: document, inheritedAuth: auth)
                let read = try reader.description()
                collection.report.notes += reader.report.notes
                collection.attachments.formUnion(reader.attachments)
                reader.variables.forEach { variables.set($0) }
                guard let description = read else { continue }
                collection.add(
                    description, title: description.name ?? String(name.dropLast(syntax.suffix.count)),
                    folder: RequestFileName.folder(folder),
                    source: place)
                collection.report.imported(place, "\(description.method.rawValue) \(description.url)")
            }
            for name in names where path.isEmpty ? name != "environments" && name != "node_modules" : true {
                let child = path.isEmpty ? name : path + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(child), isDirectory: &isDirectory),
                    isDirectory.boolValue
                else { continue }
                var inner = auth
                var title = name
                if let document = try document(child + "/folder" + syntax.suffix) {
                    let (defaults, folderAuth) = self.defaults(of: document, place: child + "/folder" + syntax.suffix)
                    title = document.block("meta")?.value("name") ?? name
                    collection.folders[RequestFileName.folder(folder + [title])] = defaults == FolderDefaults() ? nil : defaults
                    if document.block("auth")?.value("mode") != "inherit", document.block("auth") != nil { inner = folderAuth }
                }
                try walk(child, folder: folder + [title], auth: inner)
            }
        }
    }
}
