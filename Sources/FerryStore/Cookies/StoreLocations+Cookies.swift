import Crypto
import Foundation

/// Where the cookie jars live: one for ad-hoc requests, and one per collection and environment,
/// under `cookies/` in the data folder (never in the collection, which is often shared in git).
extension StoreLocations {
    /// The jar's file: `cookies/ad-hoc.txt` without a collection; with one,
    /// `cookies/NAME-HASH/ENVIRONMENT.txt` (HASH tells apart collections of the same folder name;
    /// `no-environment.txt` when none is chosen).
    public func cookieJarPath(collection: String?, environment: String?) -> String {
        sessionFile(in: "cookies", collection: collection, environment: environment, extension: "txt")
    }

    /// `FOLDER/ad-hoc.EXT` in the data folder without a collection; with one,
    /// `FOLDER/NAME-HASH/ENVIRONMENT.EXT` (`no-environment` when none is chosen).
    func sessionFile(in folderName: String, collection: String?, environment: String?, extension fileExtension: String) -> String {
        let folder = (dataDirectory as NSString).appendingPathComponent(folderName)
        guard let collection else { return (folder as NSString).appendingPathComponent("ad-hoc.\(fileExtension)") }
        let absolute = URL(fileURLWithPath: collection).standardizedFileURL.path
        let digest = SHA256.hash(data: Data(absolute.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
        let name = (absolute as NSString).lastPathComponent
        let collectionFolder = (folder as NSString).appendingPathComponent("\(name.isEmpty ? "root" : name)-\(digest)")
        return (collectionFolder as NSString).appendingPathComponent("\(environment ?? "no-environment").\(fileExtension)")
    }
}
