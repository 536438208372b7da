import FerryInterop
import Foundation

/// The files under `Fixtures/` (read in place), imported the way `ferry import` imports them.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ format: String, _ name: String) -> String {
        folder.appendingPathComponent(format).appendingPathComponent(name).path
    }

    static func text(_ format: String, _ name: String) throws -> String {
        try String(contentsOfFile: path(format, name), encoding: .utf8)
    }

    /// The fixture imported by `importer`, its folder as the source's folder.
    static func imported(_ importer: some Importer, _ format: String, _ name: String) throws -> ImportedCollection {
        try importer.importCollection(try text(format, name), source: name, directory: folder.appendingPathComponent(format).path)
    }
}

extension ImportedCollection {
    /// The request at `path`; nil when there is none.
    func request(_ path: String) -> Request? { requests.first { $0.path == path } }
}
