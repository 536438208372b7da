import FerryCore
import Foundation
import Testing

@testable import FerryTUI

/// Overlays are drawn inside the panes' area (issue 32): never over the status line, and with no
/// text of the panes under them left touching their border, at a small, a large and a huge terminal.
@Suite struct OverlayPlacementTests {
    static let sizes = [(80, 24), (160, 48), (240, 70)]

    /// An answered state with the sidebar shown and the Raw tab (wide characters in it) focused.
    private static func base(width: Int, height: Int) -> AppState {
        var summary = Fixtures.summary()
        let body = (0..<200).map {
            "line \($0) of the body, 中文 and more text to fill the width of the pane: " + String(repeating: "x", count: 200)
        }
        .joined(separator: "\n")
        summary.raw = RawText(bytes: Data(body.utf8), total: Int64(body.utf8.count), type: "text/plain")
        var state = Fixtures.state(width: width, height: height, answered: true, response: summary)
        state.collection.sidebar = Sidebar()
        _ = state.update(
            .collectionLoaded(
                (0..<80).map {
                    CollectionItem(
                        path: "requests/r\($0).ferry.yaml",
                        request: RequestSource(
                            title: "request number \($0) with a long name", description: RequestDescription(method: .get, url: "http://h/"),
                            root: "/c"))
                }, environments: [], changed: []))
        return state
    }

    /// Each overlay: its name, how it is opened, and where it should be drawn.
    private static var overlays: [(name: String, open: (inout AppState) -> Void, box: (AppState) -> Rect)] {
        [
            (
                "help", { press(.function(1), in: &$0) },
                { HelpOverlay.box(lines: HelpOverlay.lines(for: $0).count, in: $0.overlayArea) }
            ),
            ("palette", { press(.control("p"), in: &$0) }, { PaletteOverlay.box(entries: $0.paletteEntries.count, in: $0.overlayArea) }),
            (
                "history",
                {
                    press(.function(5), in: &$0)
                    _ = $0.update(
                        .historyListed(
                            (0..<100).map {
                                HistoryRow(
                                    id: Int64($0), time: Date(timeIntervalSince1970: 0), method: "GET", status: 200, url: "http://h/\($0)")
                            }))
                }, { HistoryOverlay.box(in: $0.overlayArea) }
            ),
            (
                "sheet",
                { _ = $0.update(.sheet(Sheet(title: "body (hex)", lines: (0..<300).map { "00000\($0)  00 01 02 03  ....  中文" }))) },
                { SheetOverlay.box(in: $0.overlayArea) }
            ),
            (
                "cookies",
                { _ = $0.update(.cookiesLoaded(CookieJar(), path: "/c/.ferry/cookies.txt", environment: nil)) },
                { CookieEditorOverlay.box(in: $0.overlayArea) }
            ),
        ]
    }

    @Test(arguments: sizes)
    func overlaysStayAboveTheStatusLineWithNothingLeftAtTheirEdges(width: Int, height: Int) {
        let base = Self.base(width: width, height: height)
        let under = Screen.render(base)
        for overlay in Self.overlays {
            var state = base
            overlay.open(&state)
            let screen = Screen.render(state)
            let box = overlay.box(state)
            let area = state.overlayArea
            let where_ = "\(overlay.name) at \(width)×\(height)"
            #expect(
                box.y >= area.y && box.maxY <= area.maxY && box.x >= area.x && box.maxX <= area.maxX, "\(where_): \(box) leaves \(area)")
            #expect(screen.text(row: state.layout.statusLine.y) == under.text(row: state.layout.statusLine.y), "\(where_): the status line")
            #expect(screen[box.x, box.y].text != " " && screen[box.maxX - 1, box.maxY - 1].text != " ", "\(where_): no frame at \(box)")
            let inside = { (rect: Rect, x: Int, y: Int) in (rect.x..<rect.maxX).contains(x) && (rect.y..<rect.maxY).contains(y) }
            let ring = (box.y - 1...box.maxY).flatMap { y in (box.x - 1...box.maxX).map { (x: $0, y: y) } }
            let left = ring.filter { inside(area, $0.x, $0.y) && !inside(box, $0.x, $0.y) && screen[$0.x, $0.y].text != " " }
            #expect(
                left.isEmpty, "\(where_): \(left.prefix(3).map { "“\(screen[$0.x, $0.y].text)” at (\($0.x), \($0.y))" }) left by \(box)")
        }
    }
}
