import Foundation

/// Where OAuth 2.0 tokens are cached: beside the cookie jars, one file per collection and
/// environment under `oauth2/` in the data folder.
extension StoreLocations {
    /// `oauth2/ad-hoc.json`, or `oauth2/NAME-HASH/ENVIRONMENT.json` for a collection.
    public func oauth2TokenPath(collection: String?, environment: String?) -> String {
        sessionFile(in: "oauth2", collection: collection, environment: environment, extension: "json")
    }
}
