/// A box with tab titles in its top border, the active tab highlighted.
struct Frame {
    var tabs: [String]
    var active: Int
    var focused: Bool
    /// The number of the pane (its focus key), shown before the tabs.
    var number: Int?

    /// A frame whose tabs are the cases of `selected`'s type.
    init<Tab: CaseIterable & RawRepresentable & Equatable>(selecting selected: Tab, focused: Bool, number: Int)
    where Tab.RawValue == String, Tab.AllCases == [Tab] {
        self.init(tabs: Tab.allCases.map(\.rawValue), active: Tab.allCases.firstIndex(of: selected) ?? 0, focused: focused, number: number)
    }

    init(tabs: [String], active: Int, focused: Bool, number: Int?) {
        self.tabs = tabs
        self.active = active
        self.focused = focused
        self.number = number
    }

    func render(in rect: Rect, canvas: inout Canvas, theme: Theme) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let border = theme[focused ? .borderFocused : .border]
        let horizontal = String(repeating: "─", count: rect.width - 2)
        canvas.put("┌" + horizontal + "┐", x: rect.x, y: rect.y, style: border)
        for y in rect.y + 1..<rect.maxY - 1 {
            canvas.put("│", x: rect.x, y: y, style: border)
            canvas.put("│", x: rect.maxX - 1, y: y, style: border)
        }
        canvas.put("└" + horizontal + "┘", x: rect.x, y: rect.maxY - 1, style: border)
        var x = canvas.put(number.map { " \($0) " } ?? "", x: rect.x + 1, y: rect.y, style: border, maxX: rect.maxX - 1)
        for (index, tab) in tabs.enumerated() {
            let style = index == active ? theme[.tabActive] : theme[.tabInactive]
            // A tab cut short ends in `…`; one that loses only its trailing blank is whole.
            let label = " \(tab) ", room = rect.maxX - 1 - x
            x = canvas.put(
                CharacterWidth.of(label) - 1 <= room ? label : CharacterWidth.truncated(label, to: room), x: x, y: rect.y, style: style,
                maxX: rect.maxX - 1)
            x = canvas.put("│", x: x, y: rect.y, style: border, maxX: rect.maxX - 1)
        }
    }
}
