import FerryCore
import FerryTUI
import Foundation
import Testing

/// The Tree tab: expand, collapse, selection and path through `update`, and the pane as rendered.
@Suite struct TreeTabTests {
    private static let body = #"{"user":{"name":"Ada","tags":["x","y"]},"ok":true}"#

    /// A 60×20 state whose response body is `body`, focused on the response's Tree tab.
    private func state() throws -> AppState {
        var state = try Fixtures.state(tree: Self.body)
        _ = state.update(.key(.character("C")))  // the tree opens as deep as fits: these tests start from its root
        return state
    }

    private func tree(_ state: AppState) -> DocumentTree { state.exchange.summary!.tree }

    private func pane(_ state: AppState) -> String {
        let canvas = Screen.render(state)
        let layout = state.layout
        return (layout.responsePane.y..<layout.responsePane.maxY).map { canvas.text(row: $0) }.joined(separator: "\n")
    }

    /// As jless and fx: breadth-first, a level at a time, while the next level still fits the pane.
    @Test func opensAsDeepAsFitsItsPane() throws {
        var summary = Fixtures.summary()
        summary.tree = DocumentTree(document: try JSONParser.parse(Data(Self.body.utf8)))
        let roomy = Fixtures.state(answered: true, response: summary)
        #expect(roomy.exchange.summary!.tree.rows.map(\.depth) == [0, 1, 2, 2, 3, 3, 1], "every level fits 60×20")
        #expect(roomy.focus == .response, "after a send the focus is on the response")
        let cramped = Fixtures.state(width: 60, height: 14, answered: true, response: summary)
        #expect(cramped.layout.responseBody.height == 4)
        #expect(cramped.exchange.summary!.tree.rows.map(\.depth) == [0, 1, 1], "the user's two members would not fit 4 rows")
    }

    @Test func collapseAllGoesBackToTheRoot() throws {
        let state = try state()
        #expect(state.response.tab == .tree)
        #expect(state.context == .tree)
        #expect(tree(state).rows.count == 1)
        #expect(tree(state).selectedPath == "$")
    }

    @Test func expandsMovesAndShowsThePath() throws {
        var state = try state()
        press([.enter, .down, .right, .down, .down, .character(" ")], in: &state)
        #expect(tree(state).rows.map(\.depth) == [0, 1, 2, 2, 3, 3, 1])
        #expect(tree(state).selectedPath == "$.user.tags")
        press([.down], in: &state)
        #expect(tree(state).selectedPath == "$.user.tags[0]")
    }

    @Test func leftCollapsesThenGoesToTheParent() throws {
        var state = try state()
        press([.enter, .down, .right, .down, .down, .right, .down], in: &state)
        press([.left], in: &state)
        #expect(tree(state).selectedPath == "$.user.tags")
        press([.left], in: &state)
        #expect(tree(state).rows.count == 5)
        press([.left, .left], in: &state)
        #expect(tree(state).selectedPath == "$.user")
        #expect(tree(state).rows.count == 3)
        press([.left, .left], in: &state)
        #expect(tree(state).selectedPath == "$")
        #expect(tree(state).rows.count == 1)
    }

    @Test func otherBrowseKeysStillWork() throws {
        var state = try state()
        press([.character("l")], in: &state)
        #expect(state.response.tab == .raw)
        #expect(state.context == .raw)
    }

    @Test func notADocumentExplainsInOneLine() {
        var state = Fixtures.state(answered: true)
        _ = state.update(.key(.character("h")))
        #expect(pane(state).contains("No document."))
    }

    @Test func snapshotCollapsedAndExpanded() throws {
        var state = try state()
        #expect(pane(state) == TreeSnapshots.collapsed, "\n\(pane(state))")
        press([.enter, .down, .right, .down, .down, .right], in: &state)
        #expect(pane(state) == TreeSnapshots.expanded, "\n\(pane(state))")
    }
}

enum TreeSnapshots {
    static let collapsed = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │▸ $: {2}                                                  │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        │                                                          │
        └─ $ ──────────────────────────────────────────────────────┘
        """#
    static let expanded = #"""
        ┌ 4  Tree │ Raw │ Hex │ Headers │ Errors │ Timeline │──────┐
        │▾ $: {2}                                                  │
        │  ▾ user: {2}                                             │
        │      name: Ada                                           │
        │    ▾ tags: [2]                                           │
        │        [0]: x                                            │
        │        [1]: y                                            │
        │    ok: true                                              │
        │                                                          │
        │                                                          │
        │                                                          │
        └─ $.user.tags ────────────────────────────────────────────┘
        """#
}
