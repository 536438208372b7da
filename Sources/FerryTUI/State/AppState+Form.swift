extension AppState {
    /// Keys while a form is open: typing edits the selected field, Tab and ↑/↓ move between the
    /// fields, Enter starts what the form is for, Esc (or Ctrl-C) closes it.
    mutating func handleForm(_ key: Key, _ action: Action?) -> [Effect] {
        guard let form = overlays.form else { return [] }
        switch action {
        case nil:
            if case .character(let c) = key { overlays.form!.edit(.insert(String(c))) }
        case .send?:
            return form.purpose == .load ? startLoad(form) : startMock(form)
        case .cancel?, .quit?:
            overlays.form = nil
        case .nextPane?, .down?:
            overlays.form!.move(by: 1)
        case .previousPane?, .up?:
            overlays.form!.move(by: -1)
        case .help?, .suspend?:
            return perform(action!, in: .global)
        case let other?:
            overlays.form!.edit(.apply(other))
        }
        return []
    }
}
