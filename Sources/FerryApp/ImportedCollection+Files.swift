import FerryCore
import FerryInterop
import FerryStore
import Foundation

extension ImportedCollection {
    /// The files an imported collection becomes: request files, folder defaults, and environments
    /// (readable by their owner only when they hold secrets). `ferry import` and the TUI write these.
    public func files() throws -> [CollectionWriter.File] {
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
        return files
    }
}
