extension Overlays {
    /// Keys while the help is shown: scroll, or close with Esc, q or the help key.
    mutating func handleHelp(_ action: Action?) {
        switch action {
        case .help, .cancel, .quit: showHelp = false
        case .down: helpScroll += 1
        case .up: helpScroll = max(0, helpScroll - 1)
        case .pageDown: helpScroll += 10
        case .pageUp: helpScroll = max(0, helpScroll - 10)
        default: break
        }
    }

    /// Keys while a sheet is shown: scroll (a page is `page` rows), or close with Esc, q, or the key that opened it.
    mutating func handleSheet(_ action: Action?, page: Int) {
        switch action {
        case .cancel?, .quit?, .showBodyHex?, .copyAsCurl?, .copyAsHTTPie?, .copyValue?: sheet = nil
        case let movement? where movement.rowStep != nil:
            let step = abs(movement.rowStep!) == 1 ? movement.rowStep! : (movement.rowStep! < 0 ? -page : page)
            sheet!.scroll = max(0, min(max(0, sheet!.lines.count - 1), sheet!.scroll + step))
        default: break
        }
    }
}
