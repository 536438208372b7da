extension Action {
    /// How many rows a movement key moves by, `page` rows a page; top and bottom go far enough to be clamped.
    func delta(page: Int) -> Int {
        switch self {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .top: -Int.max / 2
        default: Int.max / 2
        }
    }

    /// How far a movement action moves a row selection: one row, or to an end; nil for other actions.
    var rowStep: Int? {
        switch self {
        case .up: -1
        case .down: 1
        case .pageUp, .top: -Int.max / 2
        case .pageDown, .bottom: Int.max / 2
        default: nil
        }
    }
}
