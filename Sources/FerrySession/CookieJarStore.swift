import FerryCore
import FerryStore
import Foundation
import Synchronization

/// A collection's cookie jars: one per environment (or the ad-hoc one), the files `ferry send`,
/// `ferry run` and the TUI read and write. Each exchange is sent with its jar and the jar it brings
/// back is written when it changed. Called off the UI thread.
public final class CookieJarStore: Sendable {
    public let locations: StoreLocations
    /// The collection's folder; nil for the ad-hoc jar.
    private let collection: String?
    /// The jars read or written so far, by file.
    private let jars = Mutex<[String: CookieJar]>([:])
    /// Each environment's jar file, named once: the name hashes the collection's path, and a run asks
    /// for it twice a request.
    private let paths = Mutex<[String?: String]>([:])

    public init(locations: StoreLocations, collection: String?) {
        self.locations = locations
        self.collection = collection
    }

    /// The jar's file for `environment`.
    public func path(environment: String?) -> String {
        paths.withLock { paths in
            if let known = paths[environment] { return known }
            let path = locations.cookieJarPath(collection: collection, environment: environment)
            paths[environment] = path
            return path
        }
    }

    /// The jar for `environment`, read from its file the first time.
    public func jar(environment: String?) throws(ConfigProblem) -> CookieJar {
        let path = path(environment: environment)
        if let known = jars.withLock({ $0[path] }) { return known }
        let jar = try CookieJarFile.read(path)
        jars.withLock { $0[path] = jar }
        return jar
    }

    /// Writes `jar` as `environment`'s when it differs from the one held, and holds it once written.
    /// Compared, written and held under one lock: two exchanges that finish together write their
    /// jars one after the other, and the file ends as the jar held (written outside the lock, an
    /// older jar could land last).
    public func store(_ jar: CookieJar, environment: String?) throws {
        let path = path(environment: environment)
        try jars.withLock { known throws in
            guard known[path] != jar else { return }
            try CookieJarFile.write(jar, to: path)
            known[path] = jar
        }
    }
}
