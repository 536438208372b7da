import FerryApp
import FerryCore
import FerryStore
import FerryTUI
import Foundation

/// The prepared requests `ferry demo` opens the TUI with (F2/F3 step through them): those of the
/// collection it opens, the bundled `Examples` unless `--collection` names another; `ferry demo`
/// points `baseURL` at the demo server it started.
enum DemoExamples {
    /// The bundled collection's folder.
    static var directory: String? { Bundle.module.path(forResource: "Examples", ofType: nil) }

    /// The requests of the collection in `folder` (the bundled one for nil) as opening their files
    /// gives them to the editor (variables kept, filled in when sent), top-level ones first.
    static func requests(in folder: String?) throws -> [RequestSource] {
        guard let directory = folder ?? directory else {
            throw FerryError.localFile(reason: .unreadable(path: "Examples", error: POSIXError(.ENOENT)))
        }
        let collection = try RequestCollection(root: directory)
        // The bundled examples must all read; a user's broken files are shown in the sidebar instead.
        if folder == nil, let problem = collection.problems.first { throw problem.asInvalidRequest }
        let entries = collection.requests.sorted { ($0.folder.isEmpty ? 0 : 1, $0.path) < ($1.folder.isEmpty ? 0 : 1, $1.path) }
        return entries.map { entry in
            RequestSource(
                title: entry.title, description: entry.document, defaults: collection.defaults(forFolder: entry.folder), root: directory)
        }
    }
}
