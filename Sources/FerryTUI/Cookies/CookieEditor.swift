import FerryCore

/// The cookie jar of the collection and environment over the screen (F6): one cookie a line, to
/// edit as one `Set-Cookie`-like line (`Cookie.editLine`), add or delete; each change is written
/// to the jar's file at once.
public struct CookieEditor: Hashable, Sendable {
    /// The jar's file, shown in the title.
    public var path: String
    public var environment: String?
    public var cookies: [Cookie]
    public var selection = 0
    /// The line being edited; nil while browsing.
    public var field: TextField?
    /// The cookie the field replaces; nil when it adds one.
    public var editing: Int?
    /// Why the edited line was not taken.
    public var problem: String?

    public init(path: String, environment: String?, cookies: [Cookie]) {
        self.path = path
        self.environment = environment
        self.cookies = cookies
    }

    /// The jar as it now stands.
    public var jar: CookieJar { CookieJar(cookies: cookies) }

    /// The words before the field.
    public var fieldLabel: String { editing == nil ? " add: " : " edit: " }
}
