/// Where each part of the screen goes for a terminal size: pure rectangle arithmetic.
public struct ScreenLayout: Hashable, Sendable {
    public static let minimumWidth = 60
    public static let minimumHeight = 20

    /// The collection tree on the left; empty when it is not shown.
    public var sidebar: Rect
    public var requestLine: Rect
    public var requestPane: Rect
    public var responsePane: Rect
    public var statusLine: Rect
    public var footer: Rect

    /// The fewest rows inside the request pane's frame when it is sized to its content.
    public static let minimumRequestRows = 3

    /// The layout for a terminal size; a `viewer` (`ferry view`) gives the response pane the request
    /// pane's room; `sidebarWidth` columns on the left go to the collection tree; a `zoom`ed request
    /// or response pane takes the room of both. The request pane takes the `requestRows` its content
    /// needs (at least `minimumRequestRows`, at most two fifths of the panes' height, its share when
    /// `requestRows` is nil), the response pane the rest.
    public init(width: Int, height: Int, viewer: Bool = false, sidebarWidth: Int = 0, zoom: Pane? = nil, requestRows: Int? = nil) {
        let screen = Rect(x: 0, y: 0, width: width, height: height)
        let (panes, bottom) = screen.splitBottom(2)
        let (side, main) = panes.splitLeft(sidebarWidth)
        let (top, middle) = main.splitTop(1)
        sidebar = side
        let share = max(6, middle.height * 2 / 5)
        let fitted = requestRows.map { min(share, max(Self.minimumRequestRows, $0) + 2) } ?? share
        let requestHeight = viewer || zoom == .response ? 0 : zoom == .request ? middle.height : fitted
        let (request, response) = middle.splitTop(requestHeight)
        requestLine = top
        requestPane = request
        responsePane = response
        statusLine = bottom.splitTop(1).0
        footer = bottom.splitTop(1).1
    }

    /// The inside of the request pane's frame.
    public var requestBody: Rect { requestPane.inset(by: 1) }
    /// The inside of the response pane's frame.
    public var responseBody: Rect { responsePane.inset(by: 1) }
}
