extension AppState {
    /// Every palette entry: each action with its summary and keys, then each theme, then each of the
    /// collection's environments (and none).
    var allPaletteEntries: [PaletteEntry] {
        let offered = overlays.palette?.choices ?? Action.allCases.filter { $0 != .palette }
        let actions = offered.map { action in
            var keys: [String] = []
            for binding in keymap.bindings where binding.action == action && !keys.contains(binding.key.spec) {
                keys.append(binding.key.spec)
            }
            return PaletteEntry(
                command: .action(action), title: action.rawValue, summary: action.summary, keys: keys.joined(separator: " "))
        }
        guard overlays.palette?.choices == nil else { return actions }
        let themes = themeNames.map { name in
            PaletteEntry(
                command: .theme(name), title: "theme: " + name, summary: name == theme.name ? "the theme in use" : "switch to this theme",
                keys: "")
        }
        let environments = collection.sidebar.map { [nil] + $0.environments.map(Optional.some) } ?? []
        let switches = environments.map { name in
            PaletteEntry(
                command: .environment(name), title: "environment: " + (name ?? "none"),
                summary: name == collection.environment ? "the environment in use" : "resolve {{variables}} with it", keys: "")
        }
        return actions + themes + switches
    }

    /// The entries matching the palette's query, best first (ties keep the table's order).
    public var paletteEntries: [PaletteEntry] {
        let query = overlays.palette?.query.text ?? ""
        let scored = allPaletteEntries.enumerated().compactMap { index, entry -> (score: Int, index: Int, entry: PaletteEntry)? in
            let score = FuzzyMatch.score(query, in: entry.title) ?? FuzzyMatch.score(query, in: entry.summary).map { $0 / 2 }
            return score.map { ($0, index, entry) }
        }
        return scored.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }.map(\.entry)
    }

    /// Keys while the palette is open: typing filters, up/down select, Enter runs, Esc closes.
    mutating func handlePalette(_ key: Key, _ action: Action?) -> [Effect] {
        switch action {
        case nil:
            if case .character(let c) = key { overlays.palette!.edit(.insert(String(c))) }
        case .send?:
            let entries = paletteEntries
            let selection = overlays.palette?.selection ?? 0
            let offered = overlays.palette?.choices != nil
            overlays.palette = nil
            guard entries.indices.contains(selection) else { return [] }
            switch entries[selection].command {
            case .action(.expandNode) where offered:  // offered on a Tree filter's match: open it
                shell.editTree { $0.expand() }
                return []
            case .action(let chosen): return perform(chosen, in: context)
            case .theme(let name): return [.loadTheme(name)]
            case .environment(let name): return [.loadEnvironment(name)]
            }
        case .cancel?, .palette?: overlays.palette = nil
        case .quit?, .suspend?:
            overlays.palette = nil
            return perform(action!, in: .global)
        case .up?, .down?, .pageUp?, .pageDown?:
            overlays.palette!.move(action!, among: paletteEntries.count)
        case let other?:
            overlays.palette!.edit(.apply(other))
        }
        return []
    }
}
