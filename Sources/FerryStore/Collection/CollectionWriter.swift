import FerryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes new files into a collection all or nothing (`ferry import`): every file is first written
/// into a temporary folder inside the collection, then moved into place. A path that is already
/// taken stops the whole write before anything is written, unless `force`, and even then only a
/// regular file is replaced (never a folder, link or device).
public struct CollectionWriter {
    /// One file: its path below the collection and its bytes; `isPrivate` files (secrets) are 0600.
    public struct File: Sendable, Equatable {
        public var path: String
        public var contents: Data
        public var isPrivate: Bool

        public init(path: String, contents: Data, isPrivate: Bool = false) {
            self.path = path
            self.contents = contents
            self.isPrivate = isPrivate
        }
    }

    public let root: String

    public init(root: String) { self.root = root }

    /// The paths among `files` that exist already.
    public func existing(_ files: [File]) -> [String] {
        files.map(\.path).filter { FileManager.default.fileExists(atPath: absolute($0)) || isLink(absolute($0)) }
    }

    /// Writes `files`; throws (having written nothing) when a path is taken and `force` is false, or
    /// when a taken path is not a regular file.
    public func write(_ files: [File], force: Bool) throws {
        let taken = existing(files)
        if !taken.isEmpty, !force {
            throw StoreError.refusedImport(paths: taken, problem: "already exist (--force replaces them)")
        }
        let notRegular = taken.filter { !isRegularFile(absolute($0)) }
        if !notRegular.isEmpty { throw StoreError.refusedImport(paths: notRegular, problem: "are not regular files; nothing was replaced") }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        let staging = try temporaryFolder()
        defer { try? manager.removeItem(atPath: staging) }
        for file in files {
            let staged = (staging as NSString).appendingPathComponent(file.path)
            try manager.createDirectory(atPath: (staged as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard
                manager.createFile(atPath: staged, contents: file.contents, attributes: [.posixPermissions: file.isPrivate ? 0o600 : 0o644])
            else {
                throw FerryError.localFile(reason: .unwritable(path: absolute(file.path), error: POSIXError(.EIO)))
            }
        }
        var moved: [String] = []
        do {
            for file in files {
                let target = absolute(file.path)
                let folder = (target as NSString).deletingLastPathComponent
                let isPrivateFolder = file.isPrivate && !manager.fileExists(atPath: folder)
                try manager.createDirectory(
                    atPath: folder, withIntermediateDirectories: true,
                    attributes: isPrivateFolder ? [.posixPermissions: 0o700] : nil)
                guard rename((staging as NSString).appendingPathComponent(file.path), target) == 0 else {
                    throw FerryError.localFile(reason: .unwritable(path: target, error: POSIXError.current))
                }
                if !taken.contains(file.path) { moved.append(target) }
            }
        } catch {
            for path in moved { unlink(path) }  // new files only: replaced ones cannot be brought back
            throw error
        }
    }

    private func temporaryFolder() throws -> String {
        var template = Array((root as NSString).appendingPathComponent(".ferry-import-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FerryError.localFile(reason: .unwritable(path: root, error: POSIXError.current))
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func absolute(_ path: String) -> String { CollectionPath.absolute(path, in: root) }

    private func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    private func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
