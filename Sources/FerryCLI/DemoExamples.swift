import FerryCore
import FerryStore
import FerryTUI
import Foundation

/// The prepared requests `ferry demo` opens the TUI with (F2/F3 step through them): the bundled
/// `Examples` collection, its `demo` environment's `baseURL` pointed at the in-process server.
enum DemoExamples {
    /// The bundled collection's folder.
    static var directory: String? { Bundle.module.path(forResource: "Examples", ofType: nil) }

    /// The collection's requests as the editor holds them, top-level ones first; requests whose
    /// body the editor cannot hold as text (multipart, files) come without their body.
    static func requests(base: String) throws -> [NamedRequest] {
        guard let directory else {
            throw FerryError.localFile(reason: .unreadable(path: "Examples", error: POSIXError(.ENOENT)))
        }
        let collection = try RequestCollection(root: directory)
        if let problem = collection.problems.first { throw problem.asInvalidRequest }
        var resolver = VariableResolver((try? Environment.load(named: "demo", in: directory))?.variables ?? [])
        resolver.add([Variable(name: "baseURL", value: base)])
        let entries = collection.requests.sorted { ($0.folder.isEmpty ? 0 : 1, $0.path) < ($1.folder.isEmpty ? 0 : 1, $1.path) }
        return try entries.map { entry in
            let request = try entry.document.resolved(with: resolver, defaults: collection.defaults(forFolder: entry.folder),
                                                      directory: directory).request
            var body = ""
            var headers = request.headers
            switch request.body {
            case .bytes(let data): body = String(decoding: data, as: UTF8.self)
            case .file, .stream: headers.remove(name: "Content-Type")
            case .none: break
            }
            return NamedRequest(title: entry.title, method: request.method, url: request.url.absoluteString,
                                headers: headers.map { HeaderRow(name: $0.name, value: $0.value) }, body: body)
        }
    }
}
