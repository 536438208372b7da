import FerryTUI
import Testing

/// The default keymap gives each key one action per context: a second binding of the same key in
/// the same context would never run (the first wins), as `t` did when two features took it.
@Suite struct KeymapConflictTests {
    @Test func noKeyIsBoundTwiceInOneContext() {
        // `p` is one key for "pretty": the response's Raw view or the request's JSON body, by pane.
        let sameMeaning: Set<Set<Action>> = [[.togglePretty, .prettyPrint]]
        var seen: [String: Action] = [:]
        for binding in Keymap.default.bindings {
            let place = "\(binding.key.spec) in \(binding.context)"
            if let first = seen[place], first != binding.action {
                #expect(sameMeaning.contains([first, binding.action]), "\(place) is bound to \(first) and \(binding.action)")
            }
            seen[place] = seen[place] ?? binding.action
        }
    }
}
