import FerryCore
import Foundation

/// A file only its owner may read (cookie jars, cached tokens): written atomically with mode 0600,
/// its missing folders made with mode 0700.
enum PrivateFile {
    static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw FerryError.localFile(reason: .unwritable(path: folder, error: error))
            }
        }
        try AtomicFile.write(to: path, permissions: 0o600) { descriptor in try AtomicFile.writeAll(data, to: descriptor, path: path) }
    }
}
