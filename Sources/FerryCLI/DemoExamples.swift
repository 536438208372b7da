import FerryApp
import FerryCore
import FerryStore
import FerryTUI
import Foundation

/// The prepared requests `ferry demo` opens the TUI with (F2/F3 step through them): the bundled
/// `Examples` collection; `ferry demo` points the `demo` environment's `baseURL` at the in-process server.
enum DemoExamples {
    /// The bundled collection's folder.
    static var directory: String? { Bundle.module.path(forResource: "Examples", ofType: nil) }

    /// The collection's requests as the editor holds them (as opening their files does: variables
    /// kept, filled in from the demo environment when sent), top-level ones first.
    static func requests() throws -> [RequestSource] {
        guard let directory else {
            throw FerryError.localFile(reason: .unreadable(path: "Examples", error: POSIXError(.ENOENT)))
        }
        let collection = try RequestCollection(root: directory)
        if let problem = collection.problems.first { throw problem.asInvalidRequest }
        let entries = collection.requests.sorted { ($0.folder.isEmpty ? 0 : 1, $0.path) < ($1.folder.isEmpty ? 0 : 1, $1.path) }
        return entries.map { entry in
            RequestSource(title: entry.title, description: entry.document, defaults: collection.defaults(forFolder: entry.folder), root: directory)
        }
    }
}
