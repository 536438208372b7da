import FerryDigest
import Foundation

/// Where the per-collection files live in the data folder — cookie jars under `cookies/`, chained
/// variables' values under `chains/`, OAuth 2.0 tokens under `oauth2/` — never in the collection,
/// which is often shared in git.
extension StoreLocations {
    /// The jar's file: `cookies/ad-hoc.txt` without a collection; with one,
    /// `cookies/NAME-HASH/ENVIRONMENT.txt` (HASH tells apart collections of the same folder name;
    /// `no-environment.txt` when none is chosen).
    public func cookieJarPath(collection: String?, environment: String?) -> String {
        let folder = (dataDirectory as NSString).appendingPathComponent("cookies")
        guard let collection else { return (folder as NSString).appendingPathComponent("ad-hoc.txt") }
        return perCollectionPath(in: folder, collection: collection, environment: environment, extension: "txt")
    }

    /// The values of a collection's chained variables for one environment:
    /// `chains/NAME-HASH/ENVIRONMENT.json`, as the cookie jars are named.
    public func chainValuesPath(collection: String, environment: String?) -> String {
        perCollectionPath(
            in: (dataDirectory as NSString).appendingPathComponent("chains"),
            collection: collection, environment: environment, extension: "json")
    }

    /// The OAuth 2.0 token cache: `oauth2/ad-hoc.json`, or `oauth2/NAME-HASH/ENVIRONMENT.json` for a collection.
    public func oauth2TokenPath(collection: String?, environment: String?) -> String {
        let folder = (dataDirectory as NSString).appendingPathComponent("oauth2")
        guard let collection else { return (folder as NSString).appendingPathComponent("ad-hoc.json") }
        return perCollectionPath(in: folder, collection: collection, environment: environment, extension: "json")
    }

    private func perCollectionPath(in folder: String, collection: String, environment: String?, extension fileExtension: String) -> String {
        let absolute = URL(fileURLWithPath: collection).standardizedFileURL.path
        let digest = MessageDigest.hash(.sha256, data: Data(absolute.utf8)).prefix(6).hexString
        let name = (absolute as NSString).lastPathComponent
        let collectionFolder = (folder as NSString).appendingPathComponent("\(name.isEmpty ? "root" : name)-\(digest)")
        return (collectionFolder as NSString).appendingPathComponent("\(environment ?? "no-environment").\(fileExtension)")
    }
}
