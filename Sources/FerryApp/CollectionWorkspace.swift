import FerryCore
import FerryStore
import FerryTUI
import Foundation
import Synchronization

/// The collection the TUI works in: reads it into the sidebar's items, saves the editor's request
/// into it, reads its environments and notices files another program changed. Called off the UI thread.
final class CollectionWorkspace: Sendable {
    let root: String
    /// Variables laid over every environment (the demo's `baseURL`).
    let overrides: [Variable]
    /// The fingerprint of each request file at the last read, by path below the root.
    private let fingerprints = Mutex<[String: FileFingerprint?]>([:])

    init(root: String, overrides: [Variable] = []) {
        self.root = root
        self.overrides = overrides
    }

    // MARK: - Reading

    /// Reads the tree: requests as the editor holds them, broken files with their problem, and the
    /// paths whose file differs from the last read.
    func load() -> Message {
        let collection: RequestCollection
        do {
            collection = try RequestCollection(root: root)
        } catch {
            return .notice("cannot read the collection: \(ErrorChain(error).links.first?.message ?? "\(error)")")
        }
        var items = collection.requests.map { CollectionItem(path: $0.path, request: Self.namedRequest($0.document, title: $0.title)) }
        items += collection.problems.map { CollectionItem(path: relative($0.file), problem: $0.description) }
        let current = Dictionary(collection.requests.map { ($0.path, $0.fingerprint) }, uniquingKeysWith: { first, _ in first })
        let changed = fingerprints.withLock { known in
            defer { known = current }
            return known.isEmpty ? [] : Set(known.keys).union(current.keys).filter { known[$0] != current[$0] }.sorted()
        }
        return .collectionLoaded(items, environments: Environment.names(in: root), changed: changed)
    }

    /// True when a request file read last time was changed, replaced or removed (a stat per file).
    func hasChangedFiles() -> Bool {
        fingerprints.withLock { known in known.contains { path, fingerprint in FileFingerprint(path: absolute(path)) != fingerprint } }
    }

    /// The variables of environment `name` (nil: none), with the overrides on top.
    func environment(_ name: String?) -> Message {
        var variables: [Variable] = []
        if let name {
            do {
                variables = try Environment.load(named: name, in: root).variables
            } catch {
                return .notice(error.description)
            }
        }
        let overridden = Set(overrides.map(\.name))
        return .environmentLoaded(name, variables.filter { !overridden.contains($0.name) } + overrides)
    }

    // MARK: - Saving

    /// Writes `request` to `path` below the root. An open file (`loaded` given) keeps every field the
    /// editor does not hold, and is refused if it no longer parses; a new path must not exist yet.
    func save(_ request: NamedRequest, to path: String, loaded: NamedRequest?) -> Message {
        let target = absolute(path)
        do {
            var document = RequestDocument(method: request.method, url: request.url)
            if loaded != nil {
                document = try RequestDocument(contentsOf: target)
            } else if FileManager.default.fileExists(atPath: target) {
                return .notice("not saved: \(path) already exists")
            }
            document.method = request.method
            document.url = request.url
            if loaded?.headers != request.headers {
                document.headers = request.headers.map { RequestDocument.HeaderEntry(name: $0.name, value: $0.value, enabled: $0.enabled) }
            }
            if loaded?.body != request.body {
                document.body = request.body.isEmpty ? .none : .raw(request.body, contentType: nil)
            }
            try document.save(to: target)
        } catch let problem as ConfigProblem {
            return .notice("not saved: \(problem.description) (the file is kept as it is)")
        } catch {
            return .notice("not saved: " + ErrorChain(error).links.map(\.message).joined(separator: ": "))
        }
        var saved = request
        if loaded == nil { saved.title = String((path as NSString).lastPathComponent.dropLast(RequestCollection.requestSuffix.count)) }
        return .requestSaved(path: path, saved)
    }

    /// Renames, copies or deletes a request file. A rename or copy never replaces an existing file;
    /// a copy is written atomically; a rename is one `rename(2)`.
    func perform(_ operation: FileOperation) -> Message {
        let manager = FileManager.default
        do {
            switch operation {
            case .rename(let from, let to), .duplicate(let from, let to):
                let target = absolute(to)
                guard !manager.fileExists(atPath: target) else { return .notice("not done: \(to) already exists") }
                try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if case .rename = operation {
                    try manager.moveItem(atPath: absolute(from), toPath: target)
                } else {
                    try AtomicFile.write(try Data(contentsOf: URL(fileURLWithPath: absolute(from))), to: target)
                }
            case .delete(let path):
                try manager.removeItem(atPath: absolute(path))
            }
        } catch {
            return .notice("not done: " + ErrorChain(error).links.map(\.message).joined(separator: ": "))
        }
        return .fileOperationDone(operation)
    }

    // MARK: - Converting

    /// A request file as the editor holds it: method, URL, headers and a text body, `{{variables}}` kept.
    /// A JSON or form body becomes its text (with its Content-Type row); params, auth, files, plists
    /// and multipart bodies are listed in `omitted`, so the editor refuses to send the request without them.
    static func namedRequest(_ document: RequestDocument, title: String) -> NamedRequest {
        var headers = document.headers.map { HeaderRow(name: $0.name, value: $0.value, enabled: $0.enabled) }
        var body = ""
        var contentType: String?
        var omitted: [String] = []
        if document.params != nil { omitted.append("params") }
        if document.auth != nil { omitted.append("auth") }
        switch document.body {
        case .raw(let text, let type):
            (body, contentType) = (text, type)
        case .json(let parameters):
            body = (try? JSONRequestSerializer(pretty: true).serialize(parameters)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            contentType = "application/json"
        case .form(let parameters):
            body = (try? QueryStringEncoder().encode(parameters)) ?? ""
            contentType = "application/x-www-form-urlencoded"
        case .none:
            break
        case .multipart:
            omitted.append("multipart body")
        case .plist:
            omitted.append("property-list body")
        case .file:
            omitted.append("file body")
        }
        if let contentType, !headers.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            headers.append(HeaderRow(name: "Content-Type", value: contentType))
        }
        return NamedRequest(title: title, method: document.method, url: document.url, headers: headers, body: body, omitted: omitted)
    }

    private func absolute(_ path: String) -> String { (root as NSString).appendingPathComponent(path) }

    private func relative(_ file: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }
}
