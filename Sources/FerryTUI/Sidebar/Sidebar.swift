/// The collection tree beside the editor: its files, folders the user closed, the filter and the selection.
public struct Sidebar: Equatable, Sendable {
    /// One visible line of the tree.
    public enum Row: Hashable, Sendable {
        /// A folder (`echo`, `a/b`), indented by its depth.
        case folder(String, depth: Int)
        /// The item at this index of `items`, indented by its depth.
        case item(Int, depth: Int)
    }

    /// The columns the sidebar takes at least and at most, and a step of `<`/`>`.
    public static let minimumWidth = 30
    public static let maximumWidth = 60
    static let widthStep = 4

    /// The files, sorted by path.
    public var items: [CollectionItem] = []
    /// The environments the collection defines, by name.
    public var environments: [String] = []
    public var isShown = true
    /// What the tree is narrowed to (case-insensitive, title or path).
    public var filter = TextField()
    /// True while the filter is being typed.
    public var isFiltering = false
    /// Folders the user closed.
    public var collapsed: Set<String> = []
    /// The selected row's index in `rows`.
    public var selection = 0
    /// False until the collection has been read (the TUI reads it after its first paint).
    public var isLoaded: Bool
    /// The width chosen with `<`/`>` or by dragging the border (remembered between sessions); nil:
    /// a fifth of the terminal.
    public var chosenWidth: Int?
    /// True while the mouse holds the right border, from its press to its release.
    public var isBorderHeld = false

    public init(items: [CollectionItem] = [], environments: [String] = [], isLoaded: Bool = true) {
        self.items = items.sorted { $0.path < $1.path }
        self.environments = environments
        self.isLoaded = isLoaded
    }

    /// The columns the sidebar takes in a terminal this wide: the chosen width or a fifth of the
    /// terminal, from `minimumWidth` to `maximumWidth`, leaving the editor its minimum width.
    public func width(in terminalWidth: Int) -> Int {
        max(Self.minimumWidth, min(Self.maximumWidth, chosenWidth ?? terminalWidth / 5, terminalWidth - ScreenLayout.minimumWidth))
    }

    /// Chooses `columns` as the width, kept from `minimumWidth` to `maximumWidth`.
    public mutating func resize(to columns: Int) {
        chosenWidth = max(Self.minimumWidth, min(Self.maximumWidth, columns))
    }

    /// The visible rows: folders before their files; while filtering only matches and their folders, all open.
    public var rows: [Row] {
        let needle = filter.text.lowercased()
        var rows: [Row] = []
        var shownFolders = Set<String>()
        for (index, item) in items.enumerated()
        where needle.isEmpty || item.title.lowercased().contains(needle) || item.path.lowercased().contains(needle) {
            var hidden = false
            var folder = ""
            for component in item.folder.split(separator: "/") where !hidden {
                folder = folder.isEmpty ? String(component) : folder + "/" + component
                if shownFolders.insert(folder).inserted { rows.append(.folder(folder, depth: Self.depth(of: folder) - 1)) }
                hidden = needle.isEmpty && collapsed.contains(folder)
            }
            if !hidden { rows.append(.item(index, depth: Self.depth(of: item.folder))) }
        }
        return rows
    }

    /// The selected row, if any is shown.
    public var selectedRow: Row? {
        let rows = rows
        return rows.indices.contains(selection) ? rows[selection] : nil
    }

    /// The selected file, if a file (not a folder) is selected.
    public var selectedItem: CollectionItem? {
        guard case .item(let index, _)? = selectedRow else { return nil }
        return items[index]
    }

    /// The first row shown when `rows` rows fit: the selection stays in view.
    public func firstShown(rows visible: Int) -> Int {
        max(0, min(selection - visible + 1, rows.count - visible))
    }

    /// Moves the selection by `delta` rows, staying inside the tree.
    public mutating func move(by delta: Int) {
        selection = max(0, min(rows.count - 1, selection.addingClamped(delta)))
    }

    /// Opens or closes a folder, keeping it selected.
    public mutating func toggle(folder: String) {
        if collapsed.remove(folder) == nil { collapsed.insert(folder) }
        selection = rows.firstIndex(of: .folder(folder, depth: Self.depth(of: folder) - 1)) ?? 0
    }

    /// Replaces the files (after a load or a save), keeping the selection on `path` when given.
    public mutating func replace(items: [CollectionItem], environments: [String], selecting path: String?) {
        self.items = items.sorted { $0.path < $1.path }
        self.environments = environments
        isLoaded = true
        if let path, let index = self.items.firstIndex(where: { $0.path == path }),
            let row = rows.firstIndex(where: { if case .item(index, _) = $0 { true } else { false } })
        {
            selection = row
        } else {
            selection = max(0, min(selection, rows.count - 1))
        }
    }

    /// How many folders deep `folder` is (`""` is 0).
    static func depth(of folder: String) -> Int { folder.split(separator: "/").count }
}
