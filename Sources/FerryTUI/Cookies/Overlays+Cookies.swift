import FerryCore
import Foundation

/// The cookie editor's keys: they are its own while it is open (a modal list, as the history pane).
/// Browsing: up/down or j/k move, Enter or e edits, a adds, d or Delete deletes, Esc, q or F6
/// closes. Editing: the line keys, Enter keeps the line (written to the jar), Esc drops it.
extension Overlays {
    /// A key while the cookie editor is open; `a` proposes a cookie for the host of `url` (the editor's URL).
    mutating func handleCookies(_ key: Key, url: String, notice: inout String?) -> [Effect] {
        guard var cookies = self.cookies else { return [] }
        defer { if self.cookies != nil { self.cookies = cookies } }
        if cookies.field != nil { return Self.editCookie(key, in: &cookies, notice: &notice) }
        switch key {
        case .escape, .character("q"), .function(6):
            self.cookies = nil
        case .up, .character("k"):
            cookies.selection = max(0, cookies.selection - 1)
        case .down, .character("j"):
            cookies.selection = min(max(0, cookies.cookies.count - 1), cookies.selection + 1)
        case .enter, .character("e"):
            guard cookies.cookies.indices.contains(cookies.selection) else { return [] }
            cookies.editing = cookies.selection
            cookies.field = TextField(cookies.cookies[cookies.selection].editLine)
        case .character("a"):
            let host = URL(string: url)?.host.flatMap { $0.contains("{") ? nil : $0 } ?? "example.com"
            cookies.editing = nil
            cookies.field = TextField("name=value; Domain=\(host); Path=/")
        case .character("d"), .delete:
            guard cookies.cookies.indices.contains(cookies.selection) else { return [] }
            let removed = cookies.cookies.remove(at: cookies.selection)
            cookies.selection = min(cookies.selection, max(0, cookies.cookies.count - 1))
            notice = "deleted the cookie \(removed.name)"
            return [.storeCookies(cookies.jar, environment: cookies.environment)]
        default:
            break
        }
        return []
    }

    private static func editCookie(_ key: Key, in cookies: inout CookieEditor, notice: inout String?) -> [Effect] {
        switch key {
        case .escape:
            cookies.field = nil
            cookies.problem = nil
        case .enter:
            let cookie: Cookie
            do {
                cookie = try Cookie(editLine: cookies.field?.text ?? "")
            } catch {
                cookies.problem = error.message
                return []
            }
            if let index = cookies.editing, cookies.cookies.indices.contains(index) {
                cookies.cookies[index] = cookie
            } else {
                cookies.cookies.append(cookie)
                cookies.selection = cookies.cookies.count - 1
            }
            cookies.field = nil
            cookies.problem = nil
            notice = "kept the cookie \(cookie.name)"
            return [.storeCookies(cookies.jar, environment: cookies.environment)]
        case .character(let character):
            cookies.field?.insert(String(character))
        case .backspace: cookies.field?.apply(.deleteBackward)
        case .delete: cookies.field?.apply(.deleteForward)
        case .left: cookies.field?.apply(.cursorLeft)
        case .right: cookies.field?.apply(.cursorRight)
        case .home, .control("a"): cookies.field?.apply(.lineStart)
        case .end, .control("e"): cookies.field?.apply(.lineEnd)
        case .control("u"): cookies.field?.apply(.deleteToStart)
        case .control("w"): cookies.field?.apply(.deleteWordBackward)
        default: break
        }
        return []
    }
}
