import FerryCore
import FerryStore
import FerryTUI
import Foundation

/// What the TUI keeps of its layout between sessions: the sidebar's width, chosen with `<`/`>` or by
/// dragging its border. Kept in `$XDG_DATA_HOME/ferry/tui.yaml` (Ferry writes it, the user need not),
/// private (0600 in a 0700 folder) and replaced atomically; a missing or unreadable file gives the
/// defaults, and only values Ferry reads back are written.
public struct RememberedLayout: Equatable, Sendable {
    /// The sidebar's columns; nil: a fifth of the terminal.
    var sidebarWidth: Int?

    /// The file in the data folder of `locations`.
    public static func path(in locations: StoreLocations) -> String {
        (locations.dataDirectory as NSString).appendingPathComponent("tui.yaml")
    }

    /// Reads `path`; what is missing or does not read is left at its default.
    static func load(path: String) -> RememberedLayout {
        var layout = RememberedLayout()
        guard FileManager.default.fileExists(atPath: path), let file = try? YAMLFile(path: path),
            let entries = try? file.entries(of: file.root, key: "")
        else { return layout }
        for entry in entries where entry.key == "sidebar-width" {
            layout.sidebarWidth = try? file.int(entry.value, key: entry.key, in: Self.sidebarWidths)
        }
        return layout
    }

    /// The widths read back: those the sidebar takes.
    private static let sidebarWidths = Sidebar.minimumWidth...Sidebar.maximumWidth

    /// The file's text: one line per value that is set and reads back.
    var text: String {
        sidebarWidth.flatMap { Self.sidebarWidths.contains($0) ? "sidebar-width: \($0)\n" : nil } ?? ""
    }

    /// Writes the file: private, its folder made 0700 when missing, replaced at once (not flushed to
    /// disk: a width is not worth an fsync per key).
    func save(to path: String) throws {
        try AtomicFile.writePrivate(Data(text.utf8), to: path, durable: false)
    }
}
