import FerryDigest
import Foundation

/// Where the cookie jars live: one for ad-hoc requests, and one per collection and environment,
/// under `cookies/` in the data folder (never in the collection, which is often shared in git).
extension StoreLocations {
    /// The jar's file: `cookies/ad-hoc.txt` without a collection; with one,
    /// `cookies/NAME-HASH/ENVIRONMENT.txt` (HASH tells apart collections of the same folder name;
    /// `no-environment.txt` when none is chosen).
    public func cookieJarPath(collection: String?, environment: String?) -> String {
        let folder = (dataDirectory as NSString).appendingPathComponent("cookies")
        guard let collection else { return (folder as NSString).appendingPathComponent("ad-hoc.txt") }
        let absolute = URL(fileURLWithPath: collection).standardizedFileURL.path
        let digest = MessageDigest.hash(.sha256, data: Data(absolute.utf8)).prefix(6).map { String(format: "%02x", $0) }.joined()
        let name = (absolute as NSString).lastPathComponent
        let jarFolder = (folder as NSString).appendingPathComponent("\(name.isEmpty ? "root" : name)-\(digest)")
        return (jarFolder as NSString).appendingPathComponent("\(environment ?? "no-environment").txt")
    }
}
