import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// Which jar a `ferry cookies` command works on: a collection's for an environment (`--collection`
/// and `--env`, the group `ferry` and `ferry send` share), the ad-hoc jar, or a file named with `--jar`.
struct CookieJarChoice: ParsableArguments {
    @OptionGroup(title: "The jar (default: the ad-hoc jar of requests sent by URL)") var collectionOptions: CollectionOptions

    @Option(
        name: .customLong("jar"), help: ArgumentHelp("A cookie file instead (as written by ferry send -c or curl -c).", valueName: "file"))
    var jar: String?

    func validate() throws {
        let collection = collectionOptions.collection
        let environment = collectionOptions.environment
        guard jar == nil || (collection == nil && environment == nil) else {
            throw ValidationError("--jar cannot be combined with --collection or --env")
        }
        guard environment == nil || collection != nil else { throw ValidationError("--env needs --collection") }
    }

    /// The jar's file.
    var path: String {
        jar
            ?? StoreLocations(environment: ProcessEnvironment.variables)
            .cookieJarPath(collection: collectionOptions.collection, environment: collectionOptions.environment)
    }
}
