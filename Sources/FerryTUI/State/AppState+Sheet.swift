extension AppState {
    /// Keys while a sheet is shown: scroll, or close with Esc, q, or the key that opened it.
    mutating func handleSheet(_ action: Action?) -> [Effect] {
        switch action {
        case .cancel?, .quit?, .showBodyHex?, .copyAsCurl?, .copyAsHTTPie?, .copyValue?: overlays.sheet = nil
        case let movement? where Self.rowStep(movement) != nil:
            let page = max(1, height - 4)
            let step = abs(Self.rowStep(movement)!) == 1 ? Self.rowStep(movement)! : (Self.rowStep(movement)! < 0 ? -page : page)
            overlays.sheet!.scroll = max(0, min(max(0, overlays.sheet!.lines.count - 1), overlays.sheet!.scroll + step))
        default: break
        }
        return []
    }
}
