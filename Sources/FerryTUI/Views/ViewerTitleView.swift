/// The top line of `ferry view`: what is being viewed.
struct ViewerTitleView {
    func render(_ state: AppState, in rect: Rect, canvas: inout Canvas) {
        let size = state.exchange.summary.map { "  " + ByteCountText.format($0.size) } ?? ""
        canvas.put(
            [Span(" view ", .tabActive), Span(" " + (state.viewerTitle ?? "")), Span(size, .muted)], in: rect, row: 0, theme: state.theme)
    }
}
