import FerryCore

/// What an importer made of a document: request descriptions at their paths in a collection,
/// folder defaults, environments, and the report of what came across and how.
public struct ImportedCollection: Sendable, Equatable, FileReading {
    /// One request file to write.
    public struct Request: Sendable, Equatable {
        /// The path below the collection, ending in `.ferry.yaml` (`pets/list-pets.ferry.yaml`).
        public var path: String
        public var description: RequestDescription
        /// Where in the source it came from (`item[3]`, `paths./pets.get`, `command 2`).
        public var source: String

        public init(path: String, description: RequestDescription, source: String) {
            self.path = path
            self.description = description
            self.source = source
        }
    }

    /// One environment file to write (`environments/NAME.yaml`).
    public struct Environment: Sendable, Equatable {
        public var name: String
        public var variables: [Variable]

        public init(name: String, variables: [Variable]) {
            self.name = name
            self.variables = variables
        }
    }

    public var requests: [Request] = []
    /// Folder defaults by folder path below the collection (`""` for the top).
    public var folders: [String: FolderDefaults] = [:]
    public var environments: [Environment] = []
    public var report = ImportReport()
    /// Files the requests read that lie beside the source (Hurl's `file,data.txt;`, a Postman file
    /// body), by their path relative to the source's folder: `ferry import` copies them into the
    /// collection, where the requests read them (a collection reads nothing outside its folder).
    public var attachments: Set<String> = []
    /// The paths of `requests` as of the last `add`, kept so adding stays linear; rebuilt when
    /// `requests` was changed directly.
    private var taken: (count: Int, paths: Set<String>) = (0, [])

    public init() {}

    /// Adds a request in `folder` named after `title`, with a file name no other request in that
    /// folder has; names stay stable across imports of the same document. A request without a URL
    /// (Bruno's token requests have none) is noted: it cannot be sent until it is given one.
    public mutating func add(_ description: RequestDescription, title: String, folder: String, source: String) {
        if description.url.allSatisfy(\.isWhitespace) {
            report.notes.append(ImportReport.Note(.approximated, at: source, "the request has no URL: give it one before sending it"))
        }
        if taken.count != requests.count { taken = (requests.count, Set(requests.map(\.path))) }
        let path = RequestFileName.path(for: title, in: folder, avoiding: taken.paths)
        requests.append(Request(path: path, description: description, source: source))
        taken.paths.insert(path)
        taken.count = requests.count
    }

    public static func == (lhs: ImportedCollection, rhs: ImportedCollection) -> Bool {
        lhs.requests == rhs.requests && lhs.folders == rhs.folders && lhs.environments == rhs.environments && lhs.report == rhs.report
            && lhs.attachments == rhs.attachments
    }
}
