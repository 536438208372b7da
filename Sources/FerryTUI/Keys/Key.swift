import Foundation

/// A key press as the UI sees it, independent of the terminal library.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case alt(Character)
    case enter, tab, backTab, escape, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case controlLeft, controlRight
    case function(Int)

    /// The key written the way keymaps and the help show it: `ctrl-r`, `shift-tab`, `f1`, `q`, `?`.
    public var spec: String {
        switch self {
        case .character(" "): "space"
        case .character(let c): String(c)
        case .control(let c): "ctrl-" + String(c)
        case .alt(let c): "alt-" + String(c)
        case .enter: "enter"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .escape: "esc"
        case .backspace: "backspace"
        case .delete: "delete"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .controlLeft: "ctrl-left"
        case .controlRight: "ctrl-right"
        case .function(let n): "f\(n)"
        }
    }

    /// Parses a spec as `spec` writes it; nil when it names no key.
    public init?(spec: String) {
        let lower = spec.trimmingCharacters(in: .whitespaces)
        let named: [String: Key] = [
            "space": .character(" "), "enter": .enter, "tab": .tab, "shift-tab": .backTab, "esc": .escape,
            "backspace": .backspace, "delete": .delete, "up": .up, "down": .down, "left": .left, "right": .right,
            "home": .home, "end": .end, "pgup": .pageUp, "pgdn": .pageDown, "ctrl-left": .controlLeft, "ctrl-right": .controlRight,
        ]
        if let key = named[lower.lowercased()] {
            self = key
        } else if lower.count == 1, let c = lower.first {
            self = .character(c)
        } else if lower.lowercased().hasPrefix("ctrl-"), lower.count == 6, let c = lower.lowercased().last, c.isLetter {
            self = .control(c)
        } else if lower.lowercased().hasPrefix("alt-"), lower.count == 5, let c = lower.last {
            self = .alt(c)
        } else if lower.lowercased().hasPrefix("f"), let n = Int(lower.dropFirst()), (1...12).contains(n) {
            self = .function(n)
        } else {
            return nil
        }
    }
}
