import FerryCore
import FerryInterop
import Foundation
import Testing

/// Posting's own sample collection (tests/sample-collections) and sample `.env` files.
@Suite struct PostingImporterTests {
    static let folder = Fixture.folder.appendingPathComponent("posting/collection").path

    static func imported() throws -> ImportedCollection {
        try PostingImporter().importCollection("", source: folder, directory: folder)
    }

    @Test func requestsComeInWithTheirFolders() throws {
        let imported = try Self.imported()
        #expect(
            imported.requests.map(\.path).sorted() == [
                "echo-post.ferry.yaml", "echo.ferry.yaml", "get-random-user.ferry.yaml",
                "jsonplaceholder/posts/comments/edit-a-comment.ferry.yaml",
                "jsonplaceholder/posts/comments/get-comments-via-param.ferry.yaml", "jsonplaceholder/posts/get-one.ferry.yaml",
                "jsonplaceholder/users/create-a-user.ferry.yaml",
            ])
        let post = try #require(imported.request("echo-post.ferry.yaml")).description
        #expect(post.method == .post && post.url == "https://postman-echo.com/post")
        #expect(
            post.params == .object([("key1", .string("value1")), ("another-key", .string("another-value")), ("number", .string("123"))]))
        #expect(post.auth == .basic(username: "darren", password: ""))
        #expect(post.options.totalTimeout == 0.2)
        guard case .raw(let text, nil) = post.body else { Issue.record("expected a raw body typed by its header"); return }
        #expect(text.hasPrefix("{\n  \"string\": \"Hello, world!\""))

        let echo = try #require(imported.request("echo.ferry.yaml")).description
        #expect(echo.body == .form(.object([("something", .string("123"))])))
        #expect(echo.headers == [.init(name: "X-Setup-Var", value: "{{setup_var}}")], "$name is {{name}}")
        #expect(echo.options.followRedirects == false)
        #expect(
            try #require(imported.request("jsonplaceholder/posts/get-one.ferry.yaml")).description.url
                == "https://jsonplaceholder.typicode.com/posts/{{POST_ID}}/")
    }

    @Test func envFilesAreEnvironmentsAndScriptsAreNamed() throws {
        let imported = try Self.imported()
        #expect(
            imported.environments == [
                .init(
                    name: "sample_base",
                    variables: [
                        Variable(name: "POST_ID", value: "1"), Variable(name: "USER_ID", value: "2"),
                        Variable(name: "TODO_ID", value: "1"), Variable(name: "FILE", value: "base"),
                        Variable(name: "ONLY_BASE", value: "true"),
                    ]),
                .init(
                    name: "sample_extra",
                    variables: [
                        Variable(name: "FILE", value: "extra"), Variable(name: "POST_ID", value: "2"),
                        Variable(name: "ONLY_EXTRA", value: "true"),
                    ]),
            ])
        let dropped = imported.report.notes(.dropped)
        #expect(dropped.contains { $0.place == "echo.posting.yaml: scripts.on_response" && $0.message.contains("scripts/my_script.py") })
        #expect(ImportFormat.detect("", path: Self.folder) == .posting)
    }

    @Test func aMalformedRequestFileIsAProblemAtItsPlace() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: FileManager.default.temporaryDirectory, create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (text, place) in [("name: a\nurl: [unclosed\n", "line 3"), ("name: a\nheaders:\n- value: x\n", "/headers/0")] {
            try Data(text.utf8).write(to: folder.appendingPathComponent("a.posting.yaml"))
            do {
                _ = try PostingImporter().importCollection("", source: folder.path, directory: folder.path)
                Issue.record("expected a problem at \(place)")
            } catch {
                #expect(error.source.hasSuffix("a.posting.yaml") && error.place?.hasPrefix(place) == true, "\(error)")
            }
        }
    }
}
