extension Overlays {
    /// Keys while the help is shown: scroll (a page is `page` rows, the last line `lastTop` at most
    /// the top one), or close with Esc, q or the help key.
    mutating func handleHelp(_ action: Action?, page: Int, lastTop: Int) {
        switch action {
        case .help, .cancel, .quit: showHelp = false
        case let movement? where movement.rowStep != nil:
            helpScroll = max(0, min(lastTop, helpScroll.addingClamped(movement.delta(page: page))))
        default: break
        }
    }

    /// Keys while a sheet is shown: scroll (a page is `page` rows); any other key closes it (Esc, q, the key that opened it).
    mutating func handleSheet(_ action: Action?, page: Int) {
        switch action {
        case let movement? where movement.rowStep != nil:
            sheet!.scroll = max(0, min(max(0, sheet!.lines.count - 1), sheet!.scroll.addingClamped(movement.delta(page: page))))
        default: sheet = nil
        }
    }
}
