import FerryCore
import FerryInterop
import FerryStore
import Foundation

extension ImportedCollection {
    /// The largest file copied into a collection beside its requests.
    static let attachmentLimit = 64 << 20

    /// The files an imported collection becomes: request files, folder defaults, environments
    /// (readable by their owner only when they hold secrets), and the files its requests read, copied
    /// from `directory` (the source's folder) when one is given. `ferry import` and the TUI write these.
    public func files(attachmentsFrom directory: String? = nil) throws -> [CollectionWriter.File] {
        var files = try requests.map { CollectionWriter.File(path: $0.path, contents: Data(try $0.description.yaml().utf8)) }
        for (folder, defaults) in folders.sorted(by: { $0.key < $1.key }) {
            let path = (folder.isEmpty ? "" : folder + "/") + FolderDefaults.fileName
            files.append(CollectionWriter.File(path: path, contents: Data(try defaults.yaml().utf8)))
        }
        for environment in environments {
            let stored = FerryStore.Environment(name: environment.name, variables: environment.variables)
            files.append(
                CollectionWriter.File(
                    path: "\(FerryStore.Environment.directoryName)/\(RequestFileName.slug(environment.name)).yaml",
                    contents: Data(try stored.yaml().utf8), isPrivate: stored.holdsSecrets))
        }
        if let directory { files += attachedFiles(from: directory, besides: Set(files.map(\.path))) }
        return files
    }

    /// The attachments that are regular files inside `directory` (no link leads out of it), at most
    /// `attachmentLimit` bytes each, and that Ferry would not read as a request, folder or
    /// environment file. One that is missing is left out: its request names it when it is sent.
    private func attachedFiles(from directory: String, besides written: Set<String>) -> [CollectionWriter.File] {
        let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        return attachments.sorted().compactMap { path in
            let normalized = NSString(string: path).standardizingPath
            guard !written.contains(normalized), !normalized.hasSuffix(".ferry.yaml"),
                !normalized.hasPrefix(FerryStore.Environment.directoryName + "/")
            else { return nil }
            let source = URL(fileURLWithPath: CollectionPath.absolute(normalized, in: directory)).resolvingSymlinksInPath().path
            guard source.hasPrefix(root + "/"), FileKind.irregular(source) == nil,
                let size = (try? FileManager.default.attributesOfItem(atPath: source))?[.size] as? Int, size <= Self.attachmentLimit,
                let contents = FileManager.default.contents(atPath: source)
            else { return nil }
            return CollectionWriter.File(path: normalized, contents: contents)
        }
    }
}
