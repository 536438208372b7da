/// The key tables of `Documentation/tui.md`, made from the keymap so the guide lists what the keys
/// do: each block between a `<!-- keys: CONTEXT … -->` line and `<!-- keys: end -->` is the table of
/// that context's own bindings (those it inherits are in the tables of the contexts it inherits).
public enum KeyReference {
    /// The table of `context`'s bindings: each action once, with every key bound to it there, in
    /// the keymap's order.
    public static func table(_ keymap: Keymap, context: KeyContext) -> String {
        var actions: [Action] = []
        for binding in keymap.bindings where binding.context == context && !actions.contains(binding.action) {
            actions.append(binding.action)
        }
        let rows = actions.map { action in
            let keys = keymap.bindings.filter { $0.context == context && $0.action == action }.map { "`\($0.key.spec)`" }
            return "| \(keys.joined(separator: " ")) | \(action.summary) |"
        }
        return (["| key | does |", "|---|---|"] + rows).joined(separator: "\n")
    }

    /// `markdown` with every key block's table made again from `keymap`; a block naming no context
    /// is left as it is.
    public static func filled(_ markdown: String, keymap: Keymap) -> String {
        var lines: [Substring] = []
        var inBlock = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if inBlock, line != end { continue }
            inBlock = false
            lines.append(line)
            if let context = context(opening: line) {
                lines += table(keymap, context: context).split(separator: "\n", omittingEmptySubsequences: false)
                inBlock = true
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The line that ends a block.
    static let end = "<!-- keys: end -->"

    /// The context a block's first line names (`<!-- keys: tree (generated from the keymap) -->`).
    static func context(opening line: Substring) -> KeyContext? {
        guard line.hasPrefix("<!-- keys: "), line != end else { return nil }
        let name = line.dropFirst("<!-- keys: ".count).prefix { $0 != " " }
        return KeyContext(rawValue: String(name))
    }
}
