/// A text being edited (a one-line field or the body): what typing, pasting and editing keys change.
protocol TextEditing {
    mutating func insert(_ text: String)
    @discardableResult mutating func apply(_ action: Action) -> Bool
}

/// One change to an edited text: typed or pasted text, or an editing action.
enum TextChange {
    case insert(String)
    case apply(Action)
}

extension TextEditing {
    mutating func edit(_ change: TextChange) {
        switch change {
        case .insert(let text): insert(text)
        case .apply(let action): apply(action)
        }
    }
}

extension TextField: TextEditing {}
extension TextArea: TextEditing {}
