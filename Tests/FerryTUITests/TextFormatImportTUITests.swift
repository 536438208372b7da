import FerryTUI
import FerryTestSupport
import Foundation
import Testing

/// The palette's `importFile` with the formats recognised by their file names: a `.http` file with
/// its environment file, a Hurl file, and a Posting collection's folder; files read beside a source come along.
@Suite struct TextFormatImportTUITests {
    @Test func thePaletteImportsHTTPHurlAndPostingFiles() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        _ = try home.write("http-client.env.json", Data(#"{"local": {"base": "http://127.0.0.1:9"}}"#.utf8))
        let http = try home.write(
            "api.http", Data("### List things\nGET {{base}}/things\n\n### Add a thing\nPOST {{base}}/things\n\nname=a\n".utf8))
        let hurl = try home.write("checks.hurl", Data("# Ping\nGET http://127.0.0.1:9/ping\nHTTP 200\n".utf8))
        let posting = home.file("posting")
        try FileManager.default.createDirectory(atPath: posting, withIntermediateDirectories: true)
        _ = try home.write("posting/status.posting.yaml", Data("name: Status\nurl: http://127.0.0.1:9/status\n".utf8))
        let tui = InProcessTUI(home: home, collection: collection)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("Collection") && !$0.text.contains("reading the collection") }
        for (source, line) in [
            (http, "imported 2 requests from"), (hurl, "imported 1 request from"), (posting, "imported 1 request from \(posting)"),
        ] {
            try await tui.importFile(source)
            try await tui.waitForScreen { $0.text.contains(line) }
        }
        try await tui.waitForScreen {
            $0.text.contains("GET    List things") && $0.text.contains("POST   Add a thing") && $0.text.contains("GET    Ping")
                && $0.text.contains("GET    Status")
        }
        #expect(FileManager.default.fileExists(atPath: (collection as NSString).appendingPathComponent("environments/local.yaml")))
        #expect(try await tui.quit() == 0)
    }

    /// The palette's import copies the file a request reads beside its source into the collection,
    /// never one outside the source's folder.
    @Test func thePaletteCopiesTheFilesARequestReadsBesideItsSource() async throws {
        let home = try TemporaryDirectory()
        let collection = home.file("collection")
        let source = home.file("source")
        for folder in [collection, source] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        _ = try home.write("outside.txt", Data("secret\n".utf8))
        _ = try home.write("source/data.txt", Data("hello from beside\n".utf8))
        let postman = try home.write(
            "source/api.postman_collection.json",
            Data(
                """
                {"info": {"name": "Files", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                 "item": [{"name": "Upload", "request": {"method": "POST", "url": "http://127.0.0.1:9/upload",
                           "body": {"mode": "formdata", "formdata": [{"key": "a", "type": "file", "src": "data.txt"},
                                                                    {"key": "b", "type": "file", "src": "../outside.txt"}]}}}]}
                """.utf8))
        let tui = InProcessTUI(home: home, collection: collection)
        defer { tui.hangUp() }
        try await tui.waitForScreen { $0.text.contains("Collection") && !$0.text.contains("reading the collection") }
        try await tui.importFile(postman)
        try await tui.waitForScreen { $0.text.contains("imported 1 request from") && $0.text.contains("POST   Upload") }
        let copied = FileManager.default.contents(atPath: (collection as NSString).appendingPathComponent("data.txt"))
        #expect(copied == Data("hello from beside\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: (collection as NSString).appendingPathComponent("outside.txt")))
        #expect(try await tui.quit() == 0)
    }
}
