import FerryCore
import FerryTUI
import Foundation
import Testing

/// `ferry view`'s screen: the response tabs that apply to a file, over the whole height, no request.
@Suite struct ViewerTests {
    private func viewer(width: Int = 60, height: Int = 20) throws -> AppState {
        let data = Data(#"{"a": [1, 2]}"#.utf8)
        var summary = Fixtures.summary()
        summary.size = Int64(data.count)
        summary.tree = DocumentTree(document: try JSONParser.parse(data))
        summary.bytes = BodyBytes(ByteSource(data: data))
        return AppState.viewer(summary, title: "a.json", width: width, height: height)
    }

    @Test func screen() throws {
        let state = try viewer()
        let actual = Screen.render(state).text
        #expect(actual == ViewerSnapshots.screen, "\n\(actual)")
    }

    @Test func onlyTheResponseTabsThatApplyAndNoRequest() throws {
        var state = try viewer()
        var tabs: [ResponseTab] = []
        for _ in 0..<4 {
            _ = state.update(.key(.character("l")))
            tabs.append(state.response.tab)
        }
        #expect(tabs == [.raw, .hex, .errors, .tree])
        for key: Key in [.tab, .control("r"), .character("2")] {
            #expect(state.update(.key(key)).isEmpty)
            #expect(state.focus == .response)
        }
        #expect(state.exchange.summary?.tree.document != nil, "the file's response stays")
    }

    @Test func layoutAtSeveralSizes() throws {
        for (width, height) in [(60, 20), (120, 40)] {
            let layout = ScreenLayout(width: width, height: height, viewer: true)
            #expect(layout.requestPane.height == 0)
            #expect(layout.responsePane == Rect(x: 0, y: 1, width: width, height: height - 3))
            #expect(Screen.render(try viewer(width: width, height: height)).text(row: 1).hasPrefix("┌ Tree │ Raw │ Hex │ Errors │"))
        }
    }
}

enum ViewerSnapshots {
    static let screen = #"""
         view  a.json  13 B
        ┌ Tree │ Raw │ Hex │ Errors │──────────────────────────────┐
        │▾ $: {1}                                                  │
        │  ▾ a: [2]                                                │
        │      [0]: 1                                              │
        │      [1]: 2                                              │
        │                                                          │
        │                                                          │
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
         JSON document · 13 B
         f1 help  q quit  l tab  j scroll  left collapse  / search
        """#
}
