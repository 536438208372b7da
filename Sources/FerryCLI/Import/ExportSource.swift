import FerryCore
import FerryInterop
import FerryStore
import Foundation

/// What `ferry export` takes out: the requests of a collection folder or one request file, with
/// their folders' defaults and the collection's environments; or one recorded exchange.
struct ExportSource {
    /// The requests at their paths below `root`, the folders' own defaults, the environments.
    var collection = ImportedCollection()
    /// The collection folder: relative body and part files are read from it.
    var root: String
    /// The collection's name (its folder's), for the Postman collection.
    var name: String
    /// Set for `--history ID`.
    var entry: HistoryEntry?
    /// What no export format holds — request files' `vars:` and chained variables — with where it is.
    var leftOut: [(place: String, reason: String)] = []

    /// A problem with the source: exit 1, nothing written.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads a request file (its collection is the one `options` name or find) or a collection folder.
    init(path: String, options: CollectionOptions) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Problem(description: "\(path): no such file or folder")
        }
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        root = isDirectory.boolValue ? file : options.root(forRequestFile: file)
        name = (root as NSString).lastPathComponent
        let loaded = try RequestCollection(root: root)
        let relative = isDirectory.boolValue ? nil : String(file.dropFirst(root.count + 1))
        let relevant = loaded.problems.filter { problem in
            relative.map { problem.file == loaded.absolute($0) || problem.file.hasSuffix("/" + FolderDefaults.fileName) } ?? true
        }
        if let problem = relevant.first { throw Problem(description: problem.description) }
        for entry in loaded.requests where relative == nil || entry.path == relative {
            collection.requests.append(.init(path: entry.path, description: entry.document, source: entry.path))
            for name in entry.document.variables.map(\.name) + entry.document.chains.map(\.name) {
                leftOut.append(("\(entry.path) vars.\(name)", "the request's own variables are not exported"))
            }
        }
        if let relative, collection.requests.isEmpty {
            throw Problem(description: "\(path): not a request file of the collection at \(root) (\(relative))")
        }
        collection.folders = loaded.folders
        for environment in Environment.names(in: root) {
            do {
                let loaded = try Environment.load(named: environment, in: root)
                collection.environments.append(.init(name: loaded.name, variables: loaded.variables))
                for chain in loaded.chains {
                    leftOut.append(
                        (
                            "environments/\(environment).yaml \(chain.name)",
                            "a variable taken from \(chain.request)'s response is not exported (no format here chains requests)"
                        ))
                }
            } catch {
                throw Problem(description: error.description)
            }
        }
    }

    /// Reads a recorded exchange (`--history ID`): its request as recorded, its response as an example.
    init(historyID: String) throws {
        let store = try HistoryStore(locations: StoreLocations(environment: ProcessEnvironment.variables))
        let id = try Int64.historyID(historyID)
        let entry = try store.entry(id: id)
        self.entry = entry
        root = FileManager.default.currentDirectoryPath
        name = "ferry history \(id)"
        var description = entry.recordedDescription
        if let status = entry.status {  // the response as an example, its body when it is whole text
            let body = entry.responseBody.flatMap { entry.responseBodyTruncated ? nil : String(data: $0, encoding: .utf8) }
            description.examples = [
                .init(
                    name: "\(status) \(entry.reason ?? "")".trimmingCharacters(in: .whitespaces), status: status,
                    headers: entry.responseHeaders, body: body)
            ]
        }
        collection.requests = [.init(path: "history-\(id)\(RequestFileName.suffix)", description: description, source: "#\(id)")]
    }
}
