/// The key table: it drives key handling, the help overlay and the footer hints.
public struct Keymap: Hashable, Sendable {
    public private(set) var bindings: [KeyBinding]

    public init(bindings: [KeyBinding]) { self.bindings = bindings }

    /// The action for `key` in `context`: the context's own binding first, then a global one.
    public func action(for key: Key, in context: KeyContext) -> Action? {
        let scopes = [context, context.inherited, .global].compactMap { $0 }
        return scopes.lazy.compactMap { scope in bindings.first { $0.key == key && $0.context == scope }?.action }.first
    }

    /// The footer hints for `context`, as (key, action) pairs: global ones first, then the context's own.
    public func hints(in context: KeyContext) -> [(keys: String, action: Action)] {
        var hints: [(keys: String, action: Action)] = []
        for scope in [.global, context.inherited, context].compactMap({ $0 }) {
            for binding in bindings
            where binding.hint && binding.context == scope && !hints.contains(where: { $0.action == binding.action }) {
                guard let key = bindings.first(where: { $0.action == binding.action && $0.context == scope })?.key,
                    action(for: key, in: context) == binding.action
                else { continue }
                hints.append((key.spec, binding.action))
            }
        }
        return hints
    }

    /// The key shown for `action`: its hint's, else the first bound to it ("?" when none is).
    public func keys(for action: Action) -> String {
        let bound = bindings.filter { $0.action == action }
        return (bound.first(where: \.hint) ?? bound.first)?.key.spec ?? "?"
    }

    /// Replaces every binding of `action` in `context` with `keys` (a user's keymap.yaml entry).
    public mutating func rebind(_ action: Action, in context: KeyContext, to keys: [Key]) {
        let hint = bindings.contains { $0.action == action && $0.context == context && $0.hint }
        let position = bindings.firstIndex { $0.action == action && $0.context == context } ?? bindings.endIndex
        bindings.removeAll { $0.action == action && $0.context == context }
        let fresh = keys.map { KeyBinding($0, context, action, hint: hint) }
        bindings.insert(contentsOf: fresh, at: min(position, bindings.endIndex))
    }

    /// The help overlay's rows: per context, each action once with all its keys.
    public var helpSections: [(context: KeyContext, rows: [(keys: String, summary: String)])] {
        KeyContext.allCases.map { context in
            var actions: [Action] = []
            for binding in bindings where binding.context == context && !actions.contains(binding.action) { actions.append(binding.action) }
            let rows = actions.map { action in
                (bindings.filter { $0.context == context && $0.action == action }.map(\.key.spec).joined(separator: " "), action.summary)
            }
            return (context, rows)
        }.filter { !$0.rows.isEmpty }
    }

    /// Ferry's default keys (documented in README.md, "The TUI").
    public static let `default` = Keymap(bindings: [
        KeyBinding(.control("r"), .global, .send, hint: true),
        KeyBinding(.escape, .global, .cancel),
        KeyBinding(.control("c"), .global, .quit),
        KeyBinding(.function(1), .global, .help, hint: true),
        KeyBinding(.tab, .global, .nextPane, hint: true),
        KeyBinding(.backTab, .global, .previousPane),
        KeyBinding(.control("z"), .global, .suspend),
        KeyBinding(.function(2), .global, .nextExample),
        KeyBinding(.function(3), .global, .previousExample),
        KeyBinding(.up, .global, .up),
        KeyBinding(.down, .global, .down),
        KeyBinding(.pageUp, .global, .pageUp),
        KeyBinding(.pageDown, .global, .pageDown),

        KeyBinding(.enter, .tree, .expandNode, hint: true),
        KeyBinding(.character(" "), .tree, .expandNode),
        KeyBinding(.right, .tree, .expandNode),
        KeyBinding(.left, .tree, .collapseNode, hint: true),

        KeyBinding(.character("q"), .browse, .quit, hint: true),
        KeyBinding(.character("?"), .browse, .help),
        KeyBinding(.enter, .browse, .edit, hint: true),
        KeyBinding(.character("1"), .browse, .focusMethod),
        KeyBinding(.character("2"), .browse, .focusURL),
        KeyBinding(.character("3"), .browse, .focusRequest),
        KeyBinding(.character("4"), .browse, .focusResponse),
        KeyBinding(.character("l"), .browse, .nextTab, hint: true),
        KeyBinding(.right, .browse, .nextTab),
        KeyBinding(.character("]"), .browse, .nextTab),
        KeyBinding(.character("h"), .browse, .previousTab),
        KeyBinding(.left, .browse, .previousTab),
        KeyBinding(.character("["), .browse, .previousTab),
        KeyBinding(.character("k"), .browse, .up),
        KeyBinding(.character("j"), .browse, .down, hint: true),
        KeyBinding(.control("u"), .browse, .pageUp),
        KeyBinding(.control("d"), .browse, .pageDown),
        KeyBinding(.character("g"), .browse, .top),
        KeyBinding(.character("G"), .browse, .bottom),
        KeyBinding(.home, .browse, .top),
        KeyBinding(.end, .browse, .bottom),
        KeyBinding(.character(" "), .browse, .toggleRow, hint: true),
        KeyBinding(.character("a"), .browse, .addRow),
        KeyBinding(.character("d"), .browse, .deleteRow),
        KeyBinding(.character("m"), .browse, .nextMethod),
        KeyBinding(.character("M"), .browse, .previousMethod),
        KeyBinding(.character("w"), .browse, .toggleWrap, hint: true),
        KeyBinding(.character("e"), .browse, .openEditor),

        KeyBinding(.enter, .line, .send, hint: true),
        KeyBinding(.left, .line, .cursorLeft),
        KeyBinding(.right, .line, .cursorRight),
        KeyBinding(.controlLeft, .line, .wordLeft),
        KeyBinding(.alt("b"), .line, .wordLeft),
        KeyBinding(.controlRight, .line, .wordRight),
        KeyBinding(.alt("f"), .line, .wordRight),
        KeyBinding(.home, .line, .lineStart),
        KeyBinding(.control("a"), .line, .lineStart),
        KeyBinding(.end, .line, .lineEnd),
        KeyBinding(.control("e"), .line, .lineEnd),
        KeyBinding(.backspace, .line, .deleteBackward),
        KeyBinding(.delete, .line, .deleteForward),
        KeyBinding(.control("w"), .line, .deleteWordBackward),
        KeyBinding(.control("u"), .line, .deleteToStart),

        KeyBinding(.enter, .body, .newline),
        KeyBinding(.left, .body, .cursorLeft),
        KeyBinding(.right, .body, .cursorRight),
        KeyBinding(.controlLeft, .body, .wordLeft),
        KeyBinding(.controlRight, .body, .wordRight),
        KeyBinding(.home, .body, .lineStart),
        KeyBinding(.end, .body, .lineEnd),
        KeyBinding(.backspace, .body, .deleteBackward),
        KeyBinding(.delete, .body, .deleteForward),
        KeyBinding(.control("w"), .body, .deleteWordBackward),
        KeyBinding(.escape, .body, .commit, hint: true),
        KeyBinding(.control("o"), .body, .openEditor, hint: true),

        // Response views
        KeyBinding(.character("*"), .tree, .expandAll),
        KeyBinding(.character("E"), .tree, .expandAll),
        KeyBinding(.character("+"), .tree, .expandLevel),
        KeyBinding(.character("-"), .tree, .collapseLevel),
        KeyBinding(.character("C"), .tree, .collapseAll),
        KeyBinding(.character("a"), .tree, .assertNode),
        KeyBinding(.character("c"), .tree, .captureNode),
        KeyBinding(.character("/"), .tree, .search, hint: true),
        KeyBinding(.character("/"), .browse, .search),
        KeyBinding(.character("n"), .browse, .nextMatch),
        KeyBinding(.character("N"), .browse, .previousMatch),
        KeyBinding(.character(":"), .browse, .jump),
        KeyBinding(.character("p"), .browse, .togglePretty),
        // Request tabs, palette, mouse
        KeyBinding(.control("p"), .global, .palette),
        KeyBinding(.character("A"), .browse, .addChildRow),
        KeyBinding(.character(">"), .browse, .indentRow),
        KeyBinding(.character("<"), .browse, .outdentRow),
        KeyBinding(.character("s"), .browse, .cycleArrayStyle),
        KeyBinding(.character("o"), .browse, .toggleKeyOrder),
        KeyBinding(.character("u"), .browse, .cycleParamPlacement),
        KeyBinding(.character("p"), .browse, .prettyPrint),
        KeyBinding(.character("f"), .browse, .chooseBodyFile),
        KeyBinding(.character("K"), .browse, .moveRowUp),
        KeyBinding(.character("J"), .browse, .moveRowDown),
        KeyBinding(.character("x"), .browse, .showBodyHex),
        KeyBinding(.character("y"), .browse, .copyValue),
        KeyBinding(.character("Y"), .browse, .copyAsCurl),
        KeyBinding(.character("z"), .browse, .zoom),
        KeyBinding(.character("z"), .tree, .zoom),
        KeyBinding(.control("n"), .line, .complete),
        KeyBinding(.control("n"), .body, .complete),
        KeyBinding(.character("Q"), .browse, .toggleGraphQL),
        KeyBinding(.character("v"), .browse, .editVariables),
        KeyBinding(.character("S"), .browse, .fetchGraphQLSchema),
        KeyBinding(.character("O"), .browse, .editOperationName),
        KeyBinding(.character("U"), .browse, .toggleGraphQLGET),
        KeyBinding(.character("L"), .browse, .toggleStreaming),
        KeyBinding(.character("i"), .browse, .composeMessage),

        // Collection, environments
        KeyBinding(.control("b"), .global, .toggleSidebar),
        KeyBinding(.control("s"), .global, .save),
        KeyBinding(.function(4), .global, .nextEnvironment),
        KeyBinding(.function(5), .global, .history),
        KeyBinding(.function(6), .global, .cookies),
        KeyBinding(.character("r"), .browse, .rename),
        KeyBinding(.character(">"), .sidebar, .widenSidebar),
        KeyBinding(.character("<"), .sidebar, .narrowSidebar),
        KeyBinding(.character("c"), .browse, .duplicate),
        KeyBinding(.character("t"), .browse, .getToken),
        KeyBinding(.character("T"), .browse, .refreshToken),
    ])
}
