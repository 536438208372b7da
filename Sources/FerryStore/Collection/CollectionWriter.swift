import FerryCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes new files into a collection all or nothing (`ferry import`): every file is first written
/// into a temporary folder inside the collection, read back there as Ferry will read it, then moved
/// into place. A path that is already taken stops the whole write before anything is written, unless
/// `force`, and even then only a regular file is replaced (never a folder, link or device). A
/// temporary folder left by a write that was killed is removed by the next write.
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
        removeAbandonedStaging()
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
        try readBack(staging)
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

    /// Loads the staged request files and folder defaults as `ferry` will: one it cannot read is an
    /// importer's fault, and nothing is written.
    private func readBack(_ staging: String) throws {
        let problems = try RequestCollection(root: staging).problems
        guard let first = problems.first else { return }
        var shown = first
        shown.file = absolute(String(first.file.dropFirst(staging.count + 1)))
        throw StoreError.refusedImport(
            paths: problems.map { String($0.file.dropFirst(staging.count + 1)) },
            problem: "could not be read back by Ferry (\(shown)): an importer bug, please report it")
    }

    /// The prefix of the temporary folders, followed by the writing process's id.
    private static let stagingPrefix = ".ferry-import-"

    /// Removes the temporary folders of writes whose process is gone (killed mid-write), and those
    /// of older versions (no process id) untouched for ten minutes.
    private func removeAbandonedStaging() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        for name in names where name.hasPrefix(Self.stagingPrefix) {
            let path = (root as NSString).appendingPathComponent(name)
            let rest = name.dropFirst(Self.stagingPrefix.count)
            if let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]) {
                guard kill(pid, 0) == -1, errno == ESRCH else { continue }
            } else {
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
                guard Date().timeIntervalSince(modified) > 600 else { continue }
            }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    private func temporaryFolder() throws -> String {
        var template = Array((root as NSString).appendingPathComponent("\(Self.stagingPrefix)\(getpid())-XXXXXX").utf8CString)
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
