import FerryCore
import FerryStore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The sidebar's width is kept between sessions (issue 32, item 5) in a private file Ferry reads back.
@Suite struct RememberedLayoutTests {
    /// `>` in one session widens the sidebar of the next: the real TUI twice on the same home.
    @Test func theWidthChosenInOneSessionIsTheNextOnes() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        try "method: GET\nurl: http://127.0.0.1:9/a\n".write(toFile: collection + "/a.ferry.yaml", atomically: true, encoding: .utf8)
        // 200 columns: a fifth is 40, so the border is the 40th column until it is moved.
        let first = InProcessTUI(home: home, width: 200, height: 30, collection: collection)
        defer { first.hangUp() }
        try await first.waitForScreen { $0.text.contains("GET    a") }
        #expect(Self.sidebarWidth(first.screen) == 40)
        first.press(.control("b"), .character(">"), .character(">"))
        try await first.waitForScreen { Self.sidebarWidth($0) == 48 }
        #expect(try await first.quit() == 0)

        let file = RememberedLayout.path(
            in: StoreLocations(configDirectory: home.file("config/ferry"), dataDirectory: home.file("data/ferry")))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "sidebar-width: 48\n")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "the file is private: \(String(mode, radix: 8))")

        let second = InProcessTUI(home: home, width: 200, height: 30, collection: collection)
        defer { second.hangUp() }
        let screen = try await second.waitForScreen { $0.text.contains("GET    a") }
        #expect(Self.sidebarWidth(screen) == 48, "\(screen)")
        #expect(try await second.quit() == 0)
    }

    /// The columns of the sidebar's frame on the top row (`┌ Collection │───┐`).
    private static func sidebarWidth(_ screen: StyledScreen) -> Int? {
        let top = screen.text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return top.firstIndex(of: "┐").map { top.distance(from: top.startIndex, to: $0) + 1 }
    }

    /// What Ferry writes it reads back; what it cannot read (a width out of range, a broken file) is
    /// never written and reads as the default.
    @Test func whatIsWrittenReadsBackAndNothingElseIsWritten() throws {
        let home = try TemporaryDirectory()
        let path = home.file("data/ferry/tui.yaml")
        #expect(RememberedLayout.load(path: path) == RememberedLayout(), "no file: the defaults")
        try RememberedLayout(sidebarWidth: 44).save(to: path)
        #expect(RememberedLayout.load(path: path) == RememberedLayout(sidebarWidth: 44))
        let folder = try #require(FileManager.default.attributesOfItem(atPath: home.file("data/ferry"))[.posixPermissions] as? Int)
        #expect(folder == 0o700)
        try RememberedLayout(sidebarWidth: 400).save(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "", "a width the sidebar cannot take is not written")
        for broken in ["sidebar-width: wide\n", "sidebar-width: 12\n", "[1, 2\n", "- 44\n"] {
            try broken.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(RememberedLayout.load(path: path).sidebarWidth == nil, "\(broken)")
        }
    }
}
