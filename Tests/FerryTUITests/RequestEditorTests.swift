import FerryCore
import FerryStore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// A request file opened in the editor: real files in a temporary collection. The editor holds the
/// file's description and sends it through the same `RequestDescription.resolved` as `ferry send
/// FILE --env`, so the bytes are the same by construction; saving writes back exactly what was edited.
@Suite struct RequestEditorTests {
    private static let variables = [
        Variable(name: "baseURL", value: "http://127.0.0.1:9"), Variable(name: "term", value: "boats & more"),
        Variable(name: "user", value: "ann"), Variable(name: "token", value: "t0ken", isSecret: true),
        Variable(name: "password", value: "pa55", isSecret: true),
        // A value that breaks JSON and XML unless it is escaped where it lands.
        Variable(name: "note", value: "say \"hi\" \\ <b> & \n tab\t"), Variable(name: "obj", value: #"{"k": [1]}"#),
    ]

    /// One document per kind of content the editor must hold, in folder `api` below a folder with defaults.
    private static var documents: [String: RequestDescription] {
        var query = RequestDescription(method: .get, url: "search")
        query.params = .object([
            ("q", .string("{{term}}")), ("page", .number("2")),
            ("filter", .object([("tags", .array([.string("a"), .string("{{user}}")])), ("active", .bool(true))])),
        ])
        query.headers = [.init(name: "Accept", value: "application/json"), .init(name: "X-Off", value: "1", enabled: false)]
        query.auth = .bearer(token: "{{token}}")
        query.options.totalTimeout = 5
        query.options.followRedirects = false
        query.expectations = ResponseExpectations(
            statusCodes: StatusCodeSet(parsing: "200-299,404")!, contentTypes: ["application/json"], serializer: .json)

        var form = RequestDescription(method: .post, url: "login")
        form.body = .form(
            .object([("user", .string("{{user}}")), ("remember", .bool(true)), ("scopes", .array([.string("a"), .string("b")]))]))
        form.auth = .basic(username: "{{user}}", password: "{{password}}")

        var multipart = RequestDescription(method: .post, url: "upload")
        multipart.params = .object([("v", .number("1"))])
        multipart.body = .multipart([
            .init(name: "title", value: .text("Hello {{user}}")),
            .init(name: "photo", value: .file(path: "files/pic.bin"), contentType: "image/png", fileName: "p.png"),
        ])

        var file = RequestDescription(method: .put, url: "{{baseURL}}/blob")
        file.body = .file(path: "files/pic.bin", contentType: "application/octet-stream")

        var plist = RequestDescription(method: .post, url: "plist")
        plist.body = .plist(.object([("name", .string("{{user}}")), ("n", .number("3")), ("note", .string("{{note}}"))]))

        var json = RequestDescription(method: .patch, url: "json")
        json.body = .json(
            .object([("a", .array([.number("1"), .number("2")])), ("b", .string("{{user}}")), ("note", .string("{{note}}"))]))

        var raw = RequestDescription(method: .post, url: "raw")
        raw.body = .raw(#"{"note": "{{note}}", "obj": {{obj}}, "quoted": "a \"{{user}}\""}"#, contentType: "application/json")
        return ["query": query, "form": form, "multipart": multipart, "file": file, "plist": plist, "json": json, "raw": raw]
    }

    private func collection() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("api/files"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("files"), withIntermediateDirectories: true)
        _ = try folder.write("files/pic.bin", Data((0..<300).map { UInt8($0 % 256) }))
        _ = try folder.write(
            "_folder.ferry.yaml", Data("baseURL: \"{{baseURL}}/v1/\"\nheaders:\n  - X-Team: core\n  - Accept: text/plain\n".utf8))
        for (name, document) in Self.documents { try document.save(to: folder.file("api/\(name).ferry.yaml")) }
        return folder
    }

    private func loaded(_ folder: TemporaryDirectory) throws -> [String: RequestSource] {
        guard case .collectionLoaded(let items, _, _) = CollectionWorkspace(root: folder.path).load() else { throw CancellationError() }
        return Dictionary(
            uniqueKeysWithValues: items.compactMap { item in
                item.request.map { (String((item.path as NSString).lastPathComponent.dropLast(".ferry.yaml".count)), $0) }
            })
    }

    private func editor(_ request: RequestSource, path: String) -> AppState {
        var state = AppState(width: 120, height: 40)
        state.load(request, file: OpenRequest(path: path))
        state.collection.variables = Self.variables
        return state
    }

    /// Headers as sorted `name: value` lines, and the body with a multipart boundary made neutral.
    private func comparable(_ request: Request) throws -> (headers: [String], body: Data) {
        var body = try bodyBytes(of: request)
        var headers = request.headers.map { "\($0.name): \($0.value)" }
        if let type = request.headers["Content-Type"], let range = type.range(of: "boundary=") {
            let boundary = String(type[range.upperBound...])
            body = Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: boundary, with: "BOUNDARY").utf8)
            headers = headers.map { $0.replacingOccurrences(of: boundary, with: "BOUNDARY") }
        }
        return (headers.sorted(), body)
    }

    @Test func theEditorSendsWhatFerrySendSendsForEveryKindOfFile() throws {
        let folder = try collection()
        let requests = try loaded(folder)
        let collection = try RequestCollection(root: folder.path)
        for (name, document) in Self.documents {
            let request = try #require(requests[name], "\(name) did not load")
            let expected = try document.resolved(
                with: VariableResolver(Self.variables), defaults: collection.defaults(forFolder: "api"), directory: folder.path)
            let state = editor(request, path: "api/\(name).ferry.yaml")
            #expect(state.editor.omitted.isEmpty, "\(name): \(state.editor.omitted)")
            #expect(!state.hasUnsavedEdits, "\(name): loading counts as an edit")
            #expect(try state.editor.description() == request.description, "\(name): the untouched editor is the file's description")
            let sent = try state.makeRequest()
            #expect(sent.request.method == expected.request.method, "\(name)")
            #expect(sent.request.url == expected.request.url, "\(name)")
            #expect(sent.request.options == expected.request.options, "\(name)")
            let (sentHeaders, sentBody) = try comparable(sent.request)
            let (expectedHeaders, expectedBody) = try comparable(expected.request)
            #expect(sentHeaders == expectedHeaders, "\(name)")
            #expect(sentBody == expectedBody, "\(name): \(String(decoding: sentBody, as: UTF8.self))")
            if name == "json" || name == "raw" {
                #expect((try? JSONSerialization.jsonObject(with: sentBody)) != nil, "\(name): the values are escaped into valid JSON")
            }
            let shown = sent.redaction.redact(sentHeaders.joined(separator: "\n"))
            #expect(shown == expected.redaction.redact(expectedHeaders.joined(separator: "\n")), "\(name): secrets hidden alike")
            #expect(!shown.contains("t0ken") && !shown.contains(Data("ann:pa55".utf8).base64EncodedString()), "\(name): \(shown)")
        }
        let query = editor(try #require(requests["query"]), path: "api/query.ferry.yaml").editor
        #expect(query.params.placement == .query)
        #expect(query.expectations.statusCodes.description == "200-299,404")
        #expect(query.expectations.serializer == .json)
        #expect(query.auth == .bearer(token: "{{token}}"))
        #expect(editor(try #require(requests["form"]), path: "api/form.ferry.yaml").editor.params.placement == .body)
        #expect(
            editor(try #require(requests["multipart"]), path: "api/multipart.ferry.yaml").editor.parts.map(\.line) == [
                "title=Hello {{user}}", "photo=@\(folder.file("files/pic.bin"));type=image/png;filename=p.png",
            ])
    }

    @Test func savingUntouchedKeepsTheFileAndSavingEditsWritesThemBack() throws {
        let folder = try collection()
        let workspace = CollectionWorkspace(root: folder.path)
        let requests = try loaded(folder)
        for name in Self.documents.keys {
            let path = "api/\(name).ferry.yaml"
            let before = try Data(contentsOf: URL(fileURLWithPath: folder.file(path)))
            let request = try #require(requests[name])
            guard case .requestSaved = workspace.save(try editor(request, path: path).editor.description(), to: path, isNew: false) else {
                Issue.record("\(name) not saved"); continue
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(path))) == before, "\(name): an untouched save changed the file")
        }

        // Edit the query request in the editor as a user would: a param, the placement, auth, an option.
        let query = try #require(requests["query"])
        var state = editor(query, path: "api/query.ferry.yaml")
        state.editor.params.rows[0].value = "{{term}} and more"
        state.editor.auth = .basic(username: "{{user}}", password: "{{password}}")
        state.editor.options.totalTimeout = 9
        state.editor.expectations.serializer = nil
        #expect(state.hasUnsavedEdits)
        guard case .requestSaved = workspace.save(try state.editor.description(), to: "api/query.ferry.yaml", isNew: false) else {
            Issue.record("not saved"); return
        }
        let reread = try RequestDescription(contentsOf: folder.file("api/query.ferry.yaml"))
        guard case .object(let members)? = reread.params else { Issue.record("params lost"); return }
        #expect(members.first?.value == .string("{{term}} and more"))
        #expect(members.map(\.key) == ["q", "page", "filter"], "keys keep their order")
        #expect(members[1].value == .number("2"), "an untouched number stays a number")
        #expect(
            members[2].value == .object([("tags", .array([.string("a"), .string("{{user}}")])), ("active", .bool(true))]),
            "and a boolean a boolean")
        #expect(reread.auth == .basic(username: "{{user}}", password: "{{password}}"))
        #expect(reread.options.totalTimeout == 9)
        #expect(reread.options.followRedirects == false, "an option not edited is kept")
        #expect(reread.expectations?.serializer == nil)
        #expect(reread.expectations?.statusCodes.description == "200-299,404")

        // Moving the form parameters to the URL query makes them `params` and leaves no body.
        let form = try #require(requests["form"])
        state = editor(form, path: "api/form.ferry.yaml")
        state.editor.params.placement = .query
        guard case .requestSaved = workspace.save(try state.editor.description(), to: "api/form.ferry.yaml", isNew: false) else {
            Issue.record("not saved"); return
        }
        let moved = try RequestDescription(contentsOf: folder.file("api/form.ferry.yaml"))
        #expect(moved.params != nil)
        #expect(moved.body == .none)

        // A part edited in the editor is written with its path relative to the collection again.
        let multipart = try #require(requests["multipart"])
        state = editor(multipart, path: "api/multipart.ferry.yaml")
        state.editor.parts[0].line = "title=Bye"
        guard case .requestSaved = workspace.save(try state.editor.description(), to: "api/multipart.ferry.yaml", isNew: false) else {
            Issue.record("not saved"); return
        }
        let parts = try RequestDescription(contentsOf: folder.file("api/multipart.ferry.yaml"))
        #expect(
            parts.body
                == .multipart([
                    .init(name: "title", value: .text("Bye")),
                    .init(name: "photo", value: .file(path: "files/pic.bin"), contentType: "image/png", fileName: "p.png"),
                ]))
        #expect(parts.params == .object([("v", .number("1"))]), "query params stay in the query beside parts")
    }

    @Test func aRequestComposedInTheEditorSurvivesAFileRoundTrip() throws {
        let folder = try collection()
        let workspace = CollectionWorkspace(root: folder.path)
        var state = AppState(width: 120, height: 40)
        state.editor = RequestEditor(root: folder.path)  // as the launcher makes it: new requests belong to the collection
        state.editor.method = .post
        state.editor.url = TextField("{{baseURL}}/anything")
        state.editor.params = ParamTree(rows: [
            ParamRow(key: "user", value: ""), ParamRow(key: "name", value: "{{user}}", depth: 1), ParamRow(key: "tags", value: ""),
            ParamRow(key: "", value: "a", depth: 1), ParamRow(key: "", value: "b", depth: 1),
        ])
        state.editor.parts = [MultipartRow("photo=@\(folder.file("files/pic.bin"));type=image/png")]
        state.editor.auth = .bearer(token: "{{token}}")
        state.editor.expectations.contentTypes = ["application/json"]
        let composed = try state.editor.description()
        guard case .requestSaved(_, let saved) = workspace.save(composed, to: "new.ferry.yaml", isNew: true) else {
            Issue.record("not saved"); return
        }
        let text = try String(contentsOfFile: folder.file("new.ferry.yaml"), encoding: .utf8)
        #expect(text.contains("files/pic.bin") && !text.contains(folder.path), "the part's path is stored relative:\n\(text)")
        let reloaded = try #require(try loaded(folder)["new"])
        #expect(reloaded.description == saved, "the file holds the description saved")
        var sent = editor(reloaded, path: "new.ferry.yaml")
        #expect(sent.editor.parts.map(\.line).last == "photo=@\(folder.file("files/pic.bin"));type=image/png")
        #expect(sent.editor.auth == state.editor.auth)
        #expect(sent.editor.expectations == state.editor.expectations)
        // The parameters went in as multipart fields, keys sorted (as `ferry send --param -F` sends them).
        #expect(sent.editor.parts.map(\.line).prefix(3) == ["tags[]=a", "tags[]=b", "user[name]={{user}}"])
        sent.collection.variables = Self.variables
        var original = state
        original.collection.variables = Self.variables
        #expect(try comparable(sent.makeRequest().request).body == comparable(original.makeRequest().request).body)
    }

    @Test func switchedOffParamsAreKeptInTheFileAndNotSent() throws {
        let folder = try collection()
        var document = RequestDescription(url: "{{baseURL}}/anything")
        document.params = .object([("page", .number("2")), ("filter", .object([("active", .string("yes"))]))])
        document.disabledParams = .object([("debug", .bool(true)), ("filter", .object([("archived", .string("no"))]))])
        try document.save(to: folder.file("off.ferry.yaml"))
        var state = editor(try #require(try loaded(folder)["off"]), path: "off.ferry.yaml")
        #expect(
            state.editor.params.rows.map { "\(String(repeating: " ", count: $0.depth))\($0.enabled ? "+" : "-")\($0.line)" } == [
                "+page=2", "+filter", " +active=yes", " -archived=no", "-debug=1",
            ], "off rows are placed under their parent, after the rows that are on")
        #expect(state.editor.omitted.isEmpty)
        let query = try state.makeRequest().request.url.query
        #expect(query == "page=2&filter%5Bactive%5D=yes", "off rows are not sent")

        // Switching `page` off and `debug` on moves them between the two trees, types kept.
        state.editor.params.rows[0].enabled = false
        state.editor.params.rows[4].enabled = true
        let edited = try state.editor.description()
        #expect(edited.params == .object([("filter", .object([("active", .string("yes"))])), ("debug", .bool(true))]))
        #expect(edited.disabledParams == .object([("page", .number("2")), ("filter", .object([("archived", .string("no"))]))]))
        try edited.save(to: folder.file("off.ferry.yaml"))
        #expect(try RequestDescription(contentsOf: folder.file("off.ferry.yaml")) == edited, "the file reads back as saved")
    }

    @Test func whatTheEditorCannotShowIsNamedAndNothingIsSent() throws {
        let folder = try collection()
        var document = RequestDescription(method: .post, url: "{{baseURL}}/x")
        document.params = .object([("gone", .null)])
        document.body = .multipart([.init(name: "note", value: .text("hi"), contentType: "text/plain")])
        try document.save(to: folder.file("odd.ferry.yaml"))
        let request = try #require(try loaded(folder)["odd"])
        let state = editor(request, path: "odd.ferry.yaml")
        #expect(state.editor.omitted.count == 1)
        #expect(state.editor.omitted.contains { $0.hasPrefix("params") })
        #expect(state.editor.parts.map(\.line) == ["note=hi;type=text/plain"], "a text part with its own type is held")
        #expect(throws: FerryError.self) { try state.makeRequest() }

        // A property list cannot hold a null: the body is named, not silently sent empty.
        var plist = RequestDescription(method: .post, url: "{{baseURL}}/plist")
        plist.body = .plist(.object([("gone", .null)]))
        try plist.save(to: folder.file("null-plist.ferry.yaml"))
        let unencodable = editor(try #require(try loaded(folder)["null-plist"]), path: "null-plist.ferry.yaml")
        #expect(unencodable.editor.omitted.contains { $0.hasPrefix("property-list body") }, "\(unencodable.editor.omitted)")
        #expect(throws: FerryError.self) { try unencodable.makeRequest() }
    }
}
