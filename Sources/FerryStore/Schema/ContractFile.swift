import FerryCore
import Foundation

/// An OpenAPI document on disk as a contract (`ferry run --openapi`, `ferry send --openapi`, a
/// collection's `openapi:`): JSON or YAML, its schemas' `$ref`s to other files read relative to it
/// through the `FileAccessPolicy` (never outside a collection's folder).
public enum ContractFile {
    /// Reads the document at `path` (relative paths taken from the policy's folder); `field` names
    /// the setting in refusals.
    public static func load(_ path: String, access: FileAccessPolicy, field: String) throws -> OpenAPIContract {
        let absolute = try access.readablePath(path, field: field)
        let document = try SchemaFile.read(absolute)
        var options = SchemaOptions(baseURI: URL(fileURLWithPath: absolute).absoluteString, documentName: "")
        options.loader = SchemaFile.loader(access: access, field: field)
        return try OpenAPIContract(document, name: path, options: options)
    }

    /// The contract a collection names: the `openapi:` of its root `_folder.ferry.yaml`, a path
    /// inside the collection (as `access` allows); nil when it names none.
    public static func collection(at root: String, access: FileAccessPolicy? = nil) throws -> OpenAPIContract? {
        let settings = (root as NSString).appendingPathComponent(FolderDefaults.fileName)
        guard FileManager.default.fileExists(atPath: settings), let spec = try FolderDefaults(contentsOf: settings).openapi else {
            return nil
        }
        return try load(spec, access: access ?? FileAccessPolicy(collection: root), field: "openapi")
    }
}
