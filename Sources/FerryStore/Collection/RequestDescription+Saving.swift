import FerryCore
import Foundation

/// Saving a request file atomically (temporary file, fsync, rename): a crash or kill mid-save
/// leaves the old file whole, and concurrent savers never interleave bytes.
extension RequestDescription {
    /// Writes the document to `path`, creating its folders. A file already there that does not parse
    /// is kept unless `force` is set: it may hold edits worth more than this save.
    public func save(to path: String, force: Bool = false) throws {
        if !force, FileManager.default.fileExists(atPath: path) {
            do {
                _ = try RequestDescription(contentsOf: path)
            } catch {
                throw FerryError.localFile(reason: .unwritable(path: path, error: StoreError.refusedOverwrite(error)))
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            throw FerryError.localFile(reason: .unwritable(path: folder, error: POSIXError(.EACCES)))
        }
        let text: String
        do {
            text = try yaml()
        } catch let error as FerryError {
            throw error
        } catch {
            throw FerryError.localFile(reason: .unwritable(path: path, error: POSIXError(.EINVAL)))
        }
        try AtomicFile.write(Data(text.utf8), to: path)
    }
}
