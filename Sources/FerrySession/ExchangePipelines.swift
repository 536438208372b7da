import FerryCore
import FerryStore
import Foundation
import Synchronization

/// The exchange pipelines of one process, one per collection (nil: requests of no collection) and
/// environment, made when first needed: a request and the chained requests it waits for share one
/// pipeline, so one OAuth 2.0 token fetch and one cookie jar. Used alike by `ferry send`, `ferry run`
/// and the TUI.
public final class ExchangePipelines: Sendable {
    public let transport: any Transport
    public let locations: StoreLocations
    /// False for `--no-cookies`: the pipelines keep no jar.
    private let keepsCookies: Bool
    private let browser: SystemBrowser
    /// Told what the user must do or know (an OAuth 2.0 URL to open), for stderr or the status line.
    private let notify: @Sendable (String) -> Void
    private let onCookieProblem: @Sendable (FerryError) -> Void
    /// Where every pipeline records its exchanges; nil when nothing is recorded.
    public let history: HistoryWriter?
    private let made = Mutex<[String: ExchangePipeline]>([:])
    private let jars = Mutex<[String: CookieJarStore]>([:])

    public init(
        transport: any Transport, locations: StoreLocations, keepsCookies: Bool = true, history: HistoryWriter? = nil,
        browser: SystemBrowser = SystemBrowser(environment: ProcessEnvironment.variables),
        notify: @escaping @Sendable (String) -> Void = { _ in }, onCookieProblem: @escaping @Sendable (FerryError) -> Void = { _ in }
    ) {
        self.transport = transport
        self.history = history
        self.locations = locations
        self.keepsCookies = keepsCookies
        self.browser = browser
        self.notify = notify
        self.onCookieProblem = onCookieProblem
    }

    /// The pipeline of `collection` and `environment`, with their token file and cookie jar.
    public func pipeline(collection: String?, environment: String?) -> ExchangePipeline {
        let key = (collection ?? "") + "\u{0}" + (environment ?? "")
        let cookies = keepsCookies ? cookies(collection: collection) : nil
        return made.withLock { made in
            if let known = made[key] { return known }
            let tokens = OAuth2TokenSource(
                transport: transport,
                cache: OAuth2TokenFile { [locations] in locations.oauth2TokenPath(collection: collection, environment: environment) },
                browser: browser, notify: notify)
            let pipeline = ExchangePipeline(
                transport: transport, tokens: tokens, cookies: cookies,
                environment: environment, history: history, onCookieProblem: onCookieProblem)
            made[key] = pipeline
            return pipeline
        }
    }

    /// The cookie jars of `collection`, shared by its pipelines and whoever shows or edits them (the
    /// TUI's cookie sheet), so all see one jar.
    public func cookies(collection: String?) -> CookieJarStore {
        jars.withLock { jars in
            if let known = jars[collection ?? ""] { return known }
            let store = CookieJarStore(locations: locations, collection: collection)
            jars[collection ?? ""] = store
            return store
        }
    }
}
