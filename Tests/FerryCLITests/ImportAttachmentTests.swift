import FerryTestSupport
import Foundation
import Testing

/// `ferry import` of a `.http` file, a Postman collection, an Insomnia export and a Bruno collection
/// whose requests read files: the file beside the source comes into the collection and is sent
/// from there; one outside the source's folder (`../`) and one Ferry would read as a request file
/// never do.
@Suite struct ImportAttachmentTests {
    /// A source in `folder` for `base` with three requests: `upload` reads `data.txt` beside it,
    /// `outside` reads `../outside.txt`, `request-file` reads `x.ferry.yaml`. Returns what to import.
    typealias Source = @Sendable (_ folder: String, _ base: String) throws -> String

    static let sources: [(String, Source)] = [
        (
            ".http",
            { folder, base in
                try write(
                    "api.http", in: folder,
                    "### upload\nPOST \(base)/anything/upload\nContent-Type: text/plain\n\n< ./data.txt\n\n"
                        + "### outside\nPOST \(base)/anything/outside\n\n< ../outside.txt\n\n"
                        + "### request-file\nPOST \(base)/anything/request-file\n\n< x.ferry.yaml\n")
            }
        ),
        (
            "Postman",
            { folder, base in
                try write(
                    "api.postman_collection.json", in: folder,
                    """
                    {"info": {"name": "Files", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
                     "item": [
                      {"name": "upload", "request": {"method": "POST", "url": "\(base)/anything/upload",
                       "body": {"mode": "file", "file": {"src": "data.txt"}}}},
                      {"name": "outside", "request": {"method": "POST", "url": "\(base)/anything/outside",
                       "body": {"mode": "formdata", "formdata": [{"key": "f", "type": "file", "src": "../outside.txt"}]}}},
                      {"name": "request-file", "request": {"method": "POST", "url": "\(base)/anything/request-file",
                       "body": {"mode": "file", "file": {"src": "x.ferry.yaml"}}}}]}
                    """)
            }
        ),
        (
            "Insomnia",
            { folder, base in
                try write(
                    "insomnia.json", in: folder,
                    """
                    {"_type": "export", "__export_format": 4, "resources": [
                      {"_id": "wrk_1", "_type": "workspace", "name": "Files"},
                      {"_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "upload", "method": "POST",
                       "url": "\(base)/anything/upload", "body": {"mimeType": "text/plain", "fileName": "data.txt"}},
                      {"_id": "req_2", "_type": "request", "parentId": "wrk_1", "name": "outside", "method": "POST",
                       "url": "\(base)/anything/outside",
                       "body": {"mimeType": "multipart/form-data", "params": [{"name": "f", "type": "file", "fileName": "../outside.txt"}]}},
                      {"_id": "req_3", "_type": "request", "parentId": "wrk_1", "name": "request-file", "method": "POST",
                       "url": "\(base)/anything/request-file", "body": {"mimeType": "text/plain", "fileName": "x.ferry.yaml"}}]}
                    """)
            }
        ),
        (
            "Bruno",
            { folder, base in
                _ = try write("bruno.json", in: folder, #"{"version": "1", "name": "files", "type": "collection"}"#)
                let request = { (name: String, sequence: Int, body: String, block: String) in
                    try write(
                        "\(name).bru", in: folder,
                        "meta {\n  name: \(name)\n  type: http\n  seq: \(sequence)\n}\n\npost {\n  url: \(base)/anything/\(name)\n"
                            + "  body: \(body)\n  auth: none\n}\n\n\(block)\n")
                }
                _ = try request("upload", 1, "file", "body:file {\n  file: @file(data.txt) @contentType(text/plain)\n}")
                _ = try request("outside", 2, "multipartForm", "body:multipart-form {\n  f: @file(../outside.txt)\n}")
                _ = try request("request-file", 3, "file", "body:file {\n  file: @file(x.ferry.yaml)\n}")
                return folder
            }
        ),
    ]

    @discardableResult
    static func write(_ name: String, in folder: String, _ text: String) throws -> String {
        let path = (folder as NSString).appendingPathComponent(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A folder `source` beside `outside.txt`, holding `data.txt` and `x.ferry.yaml`.
    static func setUp(in directory: TemporaryDirectory) throws -> String {
        let source = directory.file("source")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try write("outside.txt", in: directory.path, "secret\n")
        try write("data.txt", in: source, "hello from beside\n")
        try write("x.ferry.yaml", in: source, "url: https://elsewhere.example\n")
        return source
    }

    @Test(arguments: sources.indices)
    func theFileBesideTheSourceIsCopiedAndSentNeverOneOutsideOrARequestFile(_ index: Int) async throws {
        let (format, source) = Self.sources[index]
        try await withDemoServer { server in
            let directory = try TemporaryDirectory()
            let path = try source(try Self.setUp(in: directory), server.baseURL)
            let into = directory.file("collection")
            let imported = await FerryBinary.run(["import", path, "--into", into])
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let written = try ImportExportCommandTests.files(into)
            #expect(written["data.txt"] == Data("hello from beside\n".utf8), "\(format): the file beside comes along: \(written.keys)")
            #expect(!written.keys.contains { $0.hasSuffix("outside.txt") }, "\(format): never one outside the source's folder")
            #expect(written["x.ferry.yaml"] == nil, "\(format): never one Ferry would read as a request")
            let upload = try #require(written.keys.first { $0.hasPrefix("upload") }, "\(format): \(written.keys)")
            let sent = await FerryBinary.run(["send", (into as NSString).appendingPathComponent(upload), "--no-history"])
            #expect(sent.status == 0, "\(format): \(sent.stderr)")
            #expect(sent.text.contains("hello from beside"), "\(format): \(sent.text)")
        }
    }
}
