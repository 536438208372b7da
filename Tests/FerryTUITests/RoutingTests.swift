import FerryCore
import FerryTUI
import Foundation
import Testing

/// Keys go to the focused room: the same key does what that room does with it, and leaves the
/// other rooms as they were; keys no room takes act the same wherever the focus is.
@Suite struct RoutingTests {
    private static let items = [
        CollectionItem(
            path: "a.ferry.yaml", request: RequestSource(title: "a", description: RequestDescription(url: "http://h/a"), root: "/c")),
        CollectionItem(
            path: "b.ferry.yaml", request: RequestSource(title: "b", description: RequestDescription(url: "http://h/b"), root: "/c")),
    ]

    /// A 100×30 state with a collection in the sidebar, two header rows, and a JSON response in the Tree.
    private func state() throws -> AppState {
        var state = AppState(width: 100, height: 30)
        state.collection.sidebar = Sidebar()
        _ = state.update(.collectionLoaded(Self.items, environments: [], changed: []))
        state.editor.headers.append(HeaderRow(name: "X-Two", value: "2"))
        type("http://h/json", in: &state)
        press(.enter, in: &state)
        var summary = Fixtures.summary()
        summary.tree = DocumentTree(document: try JSONParser.parse(Data(#"{"a": 1, "b": [true, null]}"#.utf8)))
        _ = state.update(.responseArrived(id: 1, summary))
        return state
    }

    /// What each room's selection is: the sidebar's row, the Headers tab's row, the Tree's row.
    private func selections(_ state: AppState) -> [Int] {
        [state.collection.sidebar!.selection, state.editor.headerSelection, state.exchange.summary!.tree.selection]
    }

    @Test func downMovesTheSelectionOfTheFocusedRoomOnly() throws {
        var state = try state()
        #expect(selections(state) == [0, 0, 0])
        state.focus = .sidebar
        press(.character("j"), in: &state)
        #expect(selections(state) == [1, 0, 0])
        state.focus = .request
        press(.character("j"), in: &state)
        #expect(selections(state) == [1, 1, 0])
        state.focus = .response
        press(.character("j"), in: &state)
        #expect(selections(state) == [1, 1, 1])
    }

    @Test func aAddsWhatTheFocusedRoomAdds() throws {
        var state = try state()
        state.focus = .sidebar
        press(.character("a"), in: &state)
        #expect(state.collection.pathPrompt?.kind == .save, "the sidebar asks where to save a new request")
        #expect(state.editor.lineEdit == nil)
        press(.escape, in: &state)

        state.focus = .request
        press(.character("a"), in: &state)
        #expect(state.editor.lineEdit?.target == .header(2), "the Headers tab edits a new row")
        #expect(state.collection.pathPrompt == nil)
        press(.escape, in: &state)
        #expect(state.editor.headers.count == 2)

        state.focus = .response
        press(.character("j"), .character("a"), in: &state)
        #expect(state.editor.checks == ["$.a == 1"], "the Tree makes the selected node an assertion")
        #expect(state.collection.pathPrompt == nil && state.editor.lineEdit == nil)
    }

    @Test func dDeletesInTheFocusedRoom() throws {
        var state = try state()
        state.focus = .sidebar
        press(.character("d"), in: &state)
        #expect(state.notice?.hasPrefix("delete a.ferry.yaml?") == true)
        #expect(state.editor.headers.count == 2)
        press(.character("n"), in: &state)
        #expect(state.notice == "kept a.ferry.yaml")

        state.focus = .request
        press(.character("d"), in: &state)
        #expect(state.editor.headers.map(\.name) == ["X-Two"])
        #expect(state.collection.pendingDelete == nil)
    }

    @Test func slashFiltersTheSidebarSearchesTheTreeAndIsNothingInTheEditor() throws {
        var state = try state()
        state.focus = .sidebar
        press(.character("/"), in: &state)
        #expect(state.collection.sidebar!.isFiltering)
        #expect(state.response.views.prompt == nil)
        press(.escape, in: &state)

        state.focus = .request
        press(.character("/"), in: &state)
        #expect(state.notice == nil, "the editor has no search: / is no key of its room")
        #expect(state.response.views.prompt == nil && !state.collection.sidebar!.isFiltering)

        state.focus = .response
        press(.character("/"), in: &state)
        #expect(state.response.views.prompt?.kind == .treeSearch)
        #expect(!state.collection.sidebar!.isFiltering)
    }

    @Test func keysNoRoomTakesActTheSameWhereverTheFocusIs() throws {
        var state = try state()
        for focus in [Pane.sidebar, .request, .response] {
            state.focus = focus
            let method = state.editor.method
            press(.character("m"), .character("L"), in: &state)
            #expect(state.editor.method != method, "m cycles the method from \(focus)")
            #expect(state.focus == focus)
        }
        #expect(state.response.forcesStream, "L toggled streaming three times")
    }
}
