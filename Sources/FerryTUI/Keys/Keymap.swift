/// The key table: it drives key handling, the help overlay and the footer hints.
public struct Keymap: Hashable, Sendable {
    public private(set) var bindings: [KeyBinding]

    public init(bindings: [KeyBinding]) { self.bindings = bindings }

    /// The action for `key` in `context`: the context's own binding first, then a global one.
    public func action(for key: Key, in context: KeyContext) -> Action? {
        context.scopes.lazy.compactMap { scope in bindings.first { $0.key == key && $0.context == scope }?.action }.first
    }

    /// The footer hints for `context`, as (key, action) pairs: global ones first, then the context's own.
    public func hints(in context: KeyContext) -> [(keys: String, action: Action)] {
        var hints: [(keys: String, action: Action)] = []
        for scope in context.scopes.reversed() {
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

    /// The help overlay's rows for `context`: per scope, nearest first, each action once with the
    /// keys that do it there (a key the context binds to something else is left out), the actions
    /// `acts` refuses (another tab's) left out too.
    public func help(
        in context: KeyContext, where acts: (Action) -> Bool = { _ in true }
    ) -> [(context: KeyContext, rows: [(keys: String, summary: String)])] {
        var shown: Set<Action> = []
        return context.scopes.map { scope in
            var rows: [(keys: String, summary: String)] = []
            for binding in bindings where binding.context == scope && !shown.contains(binding.action) && acts(binding.action) {
                let keys = bindings.filter {
                    $0.action == binding.action && context.scopes.contains($0.context) && action(for: $0.key, in: context) == $0.action
                }
                guard !keys.isEmpty else { continue }
                shown.insert(binding.action)
                rows.append((keys.map(\.key.spec).joined(separator: " "), binding.action.summary))
            }
            return (scope, rows)
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
        KeyBinding(.enter, .request, .edit, hint: true),
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
        KeyBinding(.character(" "), .request, .toggleRow, hint: true),
        KeyBinding(.character("a"), .request, .addRow),
        KeyBinding(.character("d"), .request, .deleteRow),
        KeyBinding(.character("m"), .browse, .nextMethod),
        KeyBinding(.character("M"), .browse, .previousMethod),
        KeyBinding(.character("w"), .raw, .toggleWrap, hint: true),
        KeyBinding(.character("e"), .request, .openEditor),

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
        KeyBinding(.character("/"), .response, .search),
        KeyBinding(.character("n"), .response, .nextMatch),
        KeyBinding(.character("N"), .response, .previousMatch),
        KeyBinding(.character(":"), .response, .jump),
        KeyBinding(.character("p"), .raw, .togglePretty),
        // Request tabs, palette, mouse
        KeyBinding(.control("p"), .global, .palette),
        KeyBinding(.character("A"), .request, .addChildRow),
        KeyBinding(.character(">"), .request, .indentRow),
        KeyBinding(.character("<"), .request, .outdentRow),
        KeyBinding(.character("s"), .request, .cycleArrayStyle),
        KeyBinding(.character("o"), .request, .toggleKeyOrder),
        KeyBinding(.character("u"), .request, .cycleParamPlacement),
        KeyBinding(.character("p"), .request, .prettyPrint),
        KeyBinding(.character("f"), .request, .chooseBodyFile),
        KeyBinding(.character("K"), .request, .moveRowUp),
        KeyBinding(.character("J"), .request, .moveRowDown),
        KeyBinding(.character("x"), .request, .showBodyHex),
        KeyBinding(.character("y"), .response, .copyValue),
        KeyBinding(.character("y"), .request, .copyValue),
        KeyBinding(.character("Y"), .browse, .copyAsCurl),
        KeyBinding(.character("W"), .response, .saveResponse),
        KeyBinding(.character("z"), .browse, .zoom),
        KeyBinding(.control("n"), .line, .complete),
        KeyBinding(.control("n"), .body, .complete),
        KeyBinding(.character("Q"), .request, .toggleGraphQL),
        KeyBinding(.character("v"), .request, .editVariables),
        KeyBinding(.character("S"), .request, .fetchGraphQLSchema),
        KeyBinding(.character("O"), .request, .editOperationName),
        KeyBinding(.character("U"), .request, .toggleGraphQLGET),
        KeyBinding(.character("L"), .browse, .toggleStreaming),
        KeyBinding(.character("i"), .response, .composeMessage),

        // Collection, environments
        KeyBinding(.control("b"), .global, .toggleSidebar),
        KeyBinding(.control("s"), .global, .save),
        KeyBinding(.function(4), .global, .nextEnvironment),
        KeyBinding(.function(5), .global, .history),
        KeyBinding(.function(6), .global, .cookies),
        KeyBinding(.enter, .sidebar, .edit, hint: true),
        KeyBinding(.character("/"), .sidebar, .search, hint: true),
        KeyBinding(.character("a"), .sidebar, .addRow),
        KeyBinding(.character("n"), .sidebar, .addRow),
        KeyBinding(.character("d"), .sidebar, .deleteRow),
        KeyBinding(.character("r"), .sidebar, .rename),
        KeyBinding(.character(">"), .sidebar, .widenSidebar),
        KeyBinding(.character("<"), .sidebar, .narrowSidebar),
        KeyBinding(.character("c"), .sidebar, .duplicate),
        KeyBinding(.enter, .response, .edit),
        KeyBinding(.character("o"), .browse, .showLastRecorded, hint: true),
        KeyBinding(.enter, .history, .edit, hint: true),
        KeyBinding(.character(" "), .history, .toggleRow, hint: true),
        KeyBinding(.character("/"), .history, .search, hint: true),
        KeyBinding(.character("t"), .request, .getToken),
        KeyBinding(.character("T"), .request, .refreshToken),
        KeyBinding(.function(7), .global, .loadTest),
        KeyBinding(.function(8), .global, .mockServer),
        KeyBinding(.enter, .mock, .edit, hint: true),
        KeyBinding(.character("s"), .mock, .toggleMock, hint: true),
        KeyBinding(.character("u"), .mock, .pointAtMock, hint: true),
    ])
}
