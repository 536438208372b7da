import FerryTUI

/// Presses `keys` one after another through `update`, as the terminal would deliver them; the
/// effects they asked the runtime for. The one key helper of the TUI's state tests.
@discardableResult
func press(_ keys: Key..., in state: inout AppState) -> [Effect] {
    press(keys, in: &state)
}

/// Presses `keys` one after another; the effects they asked for.
@discardableResult
func press(_ keys: [Key], in state: inout AppState) -> [Effect] {
    keys.flatMap { state.update(.key($0)) }
}

/// Types `text` a character at a time; the effects the keys asked for.
@discardableResult
func type(_ text: String, in state: inout AppState) -> [Effect] {
    press(text.map { .character($0) }, in: &state)
}
