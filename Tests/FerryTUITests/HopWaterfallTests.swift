import FerryCore
import FerryTUI
import Testing

/// The Timeline tab's per-hop waterfall for a redirect chain.
@Suite struct HopWaterfallTests {
    @Test func oneBarPerHopOnASharedScale() {
        var summary = Fixtures.summary()
        summary.redirectCount = 1
        summary.timeline.redirect = 1_000
        summary.timeline.hops = [
            Timeline.Hop(status: 302, url: "http://127.0.0.1:8080/redirect/1", start: 0, sent: 800, firstByte: 1_200, end: 1_600),
            Timeline.Hop(status: 200, url: "http://127.0.0.1:8080/get", start: 1_600, sent: 1_700, firstByte: 2_400, end: 3_200),
        ]
        var state = Fixtures.state(width: 60, height: 30, answered: true, response: summary)
        for _ in 0..<4 { _ = state.update(.key(.character("l"))) }
        #expect(state.response.tab == .timeline)
        let canvas = Screen.render(state)
        let pane = state.layout.responseBody
        let text = (pane.y..<pane.maxY).map { canvas.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains(HopSnapshots.hops), "\n\(text)")
    }
}

enum HopSnapshots {
    static let hops = #"""
        │per hop (from the transfer's start; queue not included)   │
        │1 302     ▕░░░░░░░░▒▒▒▒▒████                  ▏    1.6 ms │
        │2 200     ▕                 ░▒▒▒▒▒▒▒▒█████████▏    1.6 ms │
        │           ░ set-up  ▒ send, wait  █ answer               │
        """#
}
