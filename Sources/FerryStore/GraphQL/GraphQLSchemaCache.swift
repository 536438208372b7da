import FerryCore
import FerryDigest
import Foundation

/// Introspection results kept per endpoint URL under the cache folder (`graphql/<sha256 of the
/// URL>.json`, 0600 in 0700 folders: a schema may be private), so the TUI's completion and
/// `ferry graphql schema` need not ask the server again. Written whole by `AtomicFile`.
public struct GraphQLSchemaCache: Sendable {
    /// The folder holding the cached schemas.
    public var directory: String

    public init(locations: StoreLocations) {
        directory = (locations.cacheDirectory as NSString).appendingPathComponent("graphql")
    }

    /// The file that holds the schema of `url`.
    public func path(for url: String) -> String {
        let digest = MessageDigest.hash(.sha256, data: Data(url.utf8)).hexString
        return (directory as NSString).appendingPathComponent(digest + ".json")
    }

    /// The cached introspection result of `url` and when it was fetched; nil when none is cached or
    /// the cached one no longer reads as a schema.
    public func load(url: String) -> (schema: IntrospectedSchema, json: Data, fetched: Date)? {
        let file = path(for: url)
        guard let data = FileManager.default.contents(atPath: file), let schema = try? IntrospectedSchema(introspection: data) else {
            return nil
        }
        let fetched = (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? Date()
        return (schema, data, fetched)
    }

    /// Keeps `json`, an introspection result, as the schema of `url`.
    public func save(_ json: Data, url: String) throws {
        try AtomicFile.writePrivate(json, to: path(for: url))
    }
}
