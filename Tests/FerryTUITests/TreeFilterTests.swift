import FerryCore
import FerryTUI
import Foundation
import Testing

/// The Tree's filter (`:` with a wildcard path, `$.items[*].id`: the matches as a tree of their own)
/// and the keys that turn a node into an Expect line: `a` an assertion of its value, `c` a capture.
@Suite struct TreeFilterTests {
    private static let body = #"{"user":{"name":"Ada","tags":["x","y"]},"ok":true}"#

    private func state() throws -> AppState { try Fixtures.state(tree: Self.body) }

    private func path(_ text: String, _ state: inout AppState) {
        press([.character(":")] + text.map { .character($0) } + [.enter], in: &state)
    }

    @Test func aWildcardPathShowsItsMatchesAsATreeOfTheirOwnThatBecomeAssertionsAndCaptures() throws {
        var state = try state()
        path("$.user.tags[*]", &state)
        #expect(state.notice == "$.user.tags[*]: 2 matches (enter: add as assertion or capture; esc: the whole tree)")
        var tree = try #require(state.exchange.summary?.tree)
        #expect(tree.filter == "$.user.tags[*]" && tree.rows.count == 2)
        let screen = Screen.render(state).text
        #expect(screen.contains("$.user.tags[0]: x") && screen.contains("$.user.tags[1]: y"), "\(screen)")
        #expect(!screen.contains("name: Ada"), "only the matches are shown: \(screen)")
        press([.character("j")], in: &state)
        tree = try #require(state.exchange.summary?.tree)
        #expect(tree.selectedPath == "$.user.tags[1]")
        // Enter on a match offers the two ways to keep it.
        press([.enter], in: &state)
        #expect(state.paletteEntries.map(\.title) == ["assertNode", "captureNode", "expandNode"])
        press([.enter], in: &state)
        #expect(state.overlays.palette == nil)
        #expect(state.editor.checks.last == "$.user.tags[1] == \"y\"")
        press([.escape], in: &state)
        tree = try #require(state.exchange.summary?.tree)
        #expect(tree.filter == nil && tree.rows.count > 2, "Esc shows the whole document again")

        // A container among the matches opens like any row; its children keep their whole paths.
        path("$.*", &state)
        press([.enter, .down, .down, .enter, .down], in: &state)
        tree = try #require(state.exchange.summary?.tree)
        #expect(tree.selectedPath == "$.user.name", "\(tree.rows)")
        press([.character("c")], in: &state)
        #expect(state.editor.checks.last == "capture name = $.user.name")
        path("$.user", &state)
        press([.character("a"), .character("c")], in: &state)
        #expect(state.editor.checks.suffix(2) == ["$.user count == 2", "capture user = $.user"])
        #expect(try state.editor.description().captures.contains(Capture(name: "user", source: .body(path: "$.user"))))

        path("$.nobody[*]", &state)
        #expect(state.notice == "$.nobody[*]: no node matches")
        path("$.user[*", &state)
        #expect(state.notice?.hasPrefix("not a path: $.user[*") == true, "\(state.notice ?? "")")
    }

    /// Any RFC 9535 query that may select several nodes filters, not only a wildcard: descendants,
    /// filters and slices.
    @Test func descendantsFiltersAndSlicesFilterTheTree() throws {
        var state = try state()
        path("$..name", &state)
        #expect(state.notice?.hasPrefix("$..name: 1 match") == true, "\(state.notice ?? "")")
        path("$.user.tags[?@ == 'y']", &state)
        #expect(state.exchange.summary?.tree.filter == "$.user.tags[?@ == 'y']")
        #expect(Screen.render(state).text.contains("$.user.tags[1]: y"))
        path("$.user.tags[0:1]", &state)
        #expect(state.notice?.hasPrefix("$.user.tags[0:1]: 1 match") == true, "\(state.notice ?? "")")
    }

    @Test func selectTakesEveryMemberOrItemAtAWildcardStep() throws {
        let document = try JSONParser.parse(Data(#"{"items": [{"id": 1}, {"id": 2}, {"name": "x"}], "m": {"a": 1, "b": [2]}}"#.utf8))
        let paths = { (pattern: String) throws -> [String] in
            try NodePath.select(pattern, in: document).map { NodePath.path(of: $0, in: document) }
        }
        #expect(try paths("$.items[*].id") == ["$.items[0].id", "$.items[1].id"])
        #expect(try paths("$.m.*") == ["$.m.a", "$.m.b"])
        #expect(try paths("$.*[*]") == ["$.items[0]", "$.items[1]", "$.items[2]", "$.m.a", "$.m.b"])
        #expect(try paths("$.items[5]").isEmpty)
        #expect(throws: NodePath.Failure.self) { try NodePath.select("$.items[x]", in: document) }
    }
}
