import FerryCore
import FerrySession
import FerryTUI
import Foundation

/// The cookie sheet's effects: a jar read for showing, a jar written after an edit, a jar cleared.
/// Writes happen one after another in the order they were made: as detached tasks, an earlier jar
/// could land after a later one and undo the last edit.
final class CookieEffects: Sendable {
    /// The jars the exchanges are sent with and bring back (the pipelines').
    private let cookies: CookieJarStore
    private let inbox: MessageInbox
    private let writes = DispatchQueue(label: "ferry.cookie-sheet-writes")

    init(cookies: CookieJarStore, inbox: MessageInbox) {
        self.cookies = cookies
        self.inbox = inbox
    }

    func show(environment: String?) {
        let cookies = self.cookies
        inbox.answer(blocking: {
            do {
                return .cookiesLoaded(
                    try cookies.jar(environment: environment), path: cookies.path(environment: environment), environment: environment)
            } catch {
                return .notice("✗ \(error)")
            }
        })
    }

    func store(_ jar: CookieJar, environment: String?) {
        let (cookies, inbox) = (self.cookies, self.inbox)
        writes.async {
            do {
                try cookies.store(jar, environment: environment)
                let count = jar.cookies.count
                inbox.post(.notice("\(count) cookie\(count == 1 ? "" : "s") kept in \(cookies.path(environment: environment))"))
            } catch {
                inbox.post(.notice("✗ the cookies were not kept: " + ErrorChain(error).line))
            }
        }
    }

    func clear(environment: String?) {
        let (cookies, inbox) = (self.cookies, self.inbox)
        writes.async {
            do {
                let count = try cookies.jar(environment: environment).cookies.count
                try cookies.store(CookieJar(), environment: environment)
                inbox.post(.notice("removed \(count) cookie\(count == 1 ? "" : "s") from \(cookies.path(environment: environment))"))
            } catch {
                inbox.post(.notice("✗ " + ErrorChain(error).line))
            }
        }
    }
}
