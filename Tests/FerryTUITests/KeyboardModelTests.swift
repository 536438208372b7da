import FerryCore
import Foundation
import Testing

@testable import FerryTUI

/// One keyboard model (issue 32): the keymap's data routes keys, and the footer and F1 show what the
/// room with the focus does with them.
@Suite struct KeyboardModelTests {
    private static func source(_ title: String, _ url: String) -> RequestSource {
        RequestSource(title: title, description: RequestDescription(method: .get, url: url), root: "/c")
    }

    @Test func afterF3DigitsPickPanesInsteadOfBeingTypedIntoTheURL() {
        var state = AppState(width: 100, height: 24)
        state.collection.examples = [Self.source("json", "{{baseURL}}/json"), Self.source("gzip", "{{baseURL}}/gzip")]
        #expect(state.focus == .url)
        press(.function(3), .character("4"), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/gzip")
        #expect(state.focus == .response)
        press(.character("2"), .character("4"), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/gzip4", "in the URL field a digit is text")
    }

    /// A response long in every tab: 60 lines of JSON, 40 headers.
    private static func answered(width: Int, height: Int) throws -> AppState {
        var summary = Fixtures.summary()
        let body = "[" + (0..<60).map { "\n  {\"id\": \($0)}" }.joined(separator: ",") + "\n]"
        summary.raw = RawText(bytes: Data(body.utf8), total: Int64(body.utf8.count), type: "application/json")
        summary.bytes = BodyBytes(ByteSource(data: Data(body.utf8)))
        summary.tree = DocumentTree(document: try JSONParser.parse(Data(body.utf8)))
        summary.headers = HTTPHeaders((0..<40).map { HTTPHeader(name: "X-Header-\($0)", value: "\($0)") })
        var state = Fixtures.state(width: width, height: height, answered: true, response: summary)
        state.collection.sidebar = Sidebar()
        _ = state.update(
            .collectionLoaded(
                (0..<40).map { CollectionItem(path: "r\($0).ferry.yaml", request: Self.source("request \($0)", "http://h/\($0)")) },
                environments: [], changed: []))
        for index in 0..<30 { state.editor.headers.append(HeaderRow(name: "X-\(index)", value: "\(index)")) }
        return state
    }

    /// Every room the focus can be in, named, with a state that puts the focus there.
    private static func rooms() throws -> [(name: String, state: AppState)] {
        let base = try answered(width: 120, height: 30)
        var rooms: [(String, AppState)] = []
        func room(_ name: String, _ change: (inout AppState) -> Void) {
            var state = base
            change(&state)
            rooms.append((name, state))
        }
        room("sidebar") { $0.focus = .sidebar }
        room("method") { $0.focus = .method }
        room("URL") { $0.focus = .url }
        for tab in RequestTab.allCases {
            room("request \(tab)") {
                $0.focus = .request
                $0.requestTab = tab
            }
        }
        room("body editor") {
            $0.focus = .request
            $0.requestTab = .body
            $0.editor.isEditingBody = true
        }
        for tab in ResponseTab.allCases where tab != .events {
            room("response \(tab)") {
                $0.focus = .response
                $0.response.tab = tab
                if tab == .tree { press(.enter, in: &$0) }
            }
        }
        room("history") { $0.history = HistoryPane() }
        return rooms
    }

    /// What a key did: the screen drawn, the effects asked for, the notice.
    private static func outcome(of key: Key, in state: AppState) -> (Canvas, [Effect], String?) {
        var state = state
        let effects = state.update(.key(key))
        return (Screen.render(state), effects, state.notice)
    }

    @Test func everyKeyTheFooterShowsDoesSomethingInItsRoom() throws {
        for (name, state) in try Self.rooms() {
            let before = (Screen.render(state), state.notice)
            let hints = FooterView.overlayHints(state) == nil ? FooterView.roomHints(state) : []
            #expect(!hints.isEmpty || state.history != nil, "\(name): the footer shows no keys")
            for hint in hints {
                let key = try #require(Key(spec: hint.keys))
                let (screen, effects, notice) = Self.outcome(of: key, in: state)
                let changed = screen != before.0 || !effects.isEmpty || notice != before.1
                #expect(changed, "\(name): \(hint.keys) (\(hint.action)) does nothing")
            }
        }
    }

    @Test func f1ListsOnlyKeysThatDoWhatItSaysInTheFocusedRoom() throws {
        for (name, state) in try Self.rooms() {
            let context = state.focusedContext
            for section in state.keymap.help(in: context) {
                for row in section.rows {
                    for spec in row.keys.split(separator: " ") {
                        let key = try #require(Key(spec: String(spec)))
                        let action = try #require(state.keymap.action(for: key, in: context))
                        #expect(action.summary == row.summary, "\(name): F1 says \(spec) does “\(row.summary)”, it does \(action)")
                    }
                }
            }
        }
    }

    @Test func printableKeysInATextFieldOnlyEditIt() throws {
        var state = try Self.answered(width: 120, height: 30)
        state.focus = .url
        state.editor.url = TextField("")
        let printable = (32..<127).compactMap { UnicodeScalar($0).map(Character.init) }
        for character in printable {
            var typed = state
            let effects = typed.update(.key(.character(character)))
            #expect(effects.isEmpty && typed.focus == .url && typed.editor.url.text == String(character), "\(character) in the URL")
        }
    }

    @Test func escapeAlwaysLeavesTheField() throws {
        var state = try Self.answered(width: 120, height: 30)
        state.focus = .url
        press(.escape, in: &state)
        #expect(state.context != .line)
        state.focus = .request
        state.requestTab = .headers
        press(.enter, in: &state)
        #expect(state.context == .line)
        press(.escape, in: &state)
        #expect(state.context == .request)
        state.requestTab = .body
        press(.enter, in: &state)
        #expect(state.context == .body)
        press(.escape, in: &state)
        #expect(state.context == .request)
    }

    /// g, G, Home, End, PgUp, PgDn, Ctrl-D and Ctrl-U move in every list and view.
    @Test func movementKeysWorkInEveryListAndView() throws {
        let keys: [(Key, Key)] = [(.character("G"), .character("g")), (.end, .home), (.pageDown, .pageUp), (.control("d"), .control("u"))]
        for (name, state) in try Self.rooms()
        where ["sidebar", "response tree", "response raw", "response hex", "request headers"].contains(name) {
            let text = { (state: AppState) in (0..<state.height).map(Screen.render(state).text(row:)) }
            let top = text(state)
            for (forward, back) in keys {
                var moved = state
                press(forward, in: &moved)
                #expect(text(moved) != top, "\(name): \(forward.spec) moves nothing")
                press(back, in: &moved)
                #expect(text(moved) == top, "\(name): \(back.spec) does not come back")
            }
        }
    }

    @Test func theWheelScrollsThePaneUnderThePointer() throws {
        var state = try Self.answered(width: 120, height: 30)
        state.focus = .response
        let layout = state.layout
        let before = state.collection.sidebar!.selection
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: layout.sidebar.x + 2, y: layout.sidebar.y + 3)))
        #expect(state.collection.sidebar!.selection > before)
        #expect(state.focus == .response, "the focus stays")
    }
}
