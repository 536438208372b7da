import FerryCore
import FerryTUI
import Testing

/// The collection sidebar, saving, environments and files changed on disk, through `update` alone.
@Suite struct SidebarTests {
    private static func source(
        _ title: String, _ method: HTTPMethod, _ url: String, configure: (inout RequestDescription) -> Void = { _ in }
    ) -> RequestSource {
        var description = RequestDescription(method: method, url: url)
        configure(&description)
        return RequestSource(title: title, description: description, root: "/c")
    }

    private static let json = source("a JSON document", .get, "{{baseURL}}/json") {
        $0.headers = [.init(name: "Accept", value: "application/json")]
    }
    private static let form = source("post a form", .post, "{{baseURL}}/anything") { $0.body = .raw("a=1", contentType: nil) }

    private static let items = [
        CollectionItem(path: "json.ferry.yaml", request: json),
        CollectionItem(path: "echo/form.ferry.yaml", request: form),
        CollectionItem(path: "echo/deep/xml.ferry.yaml", request: source("xml", .get, "{{baseURL}}/xml")),
        CollectionItem(path: "broken.ferry.yaml", problem: "/c/broken.ferry.yaml:3:7: unknown key `methd`"),
    ]

    /// A 100×24 editor with the collection above loaded and the sidebar focused.
    private func state() -> AppState {
        var state = AppState(width: 100, height: 24)
        state.collection.sidebar = Sidebar()
        _ = state.update(.collectionLoaded(Self.items, environments: ["demo", "prod"], changed: []))
        state.focus = .sidebar
        return state
    }

    private func rowTitles(_ state: AppState) -> [String] {
        let sidebar = state.collection.sidebar!
        return sidebar.rows.map { row in
            switch row {
            case .folder(let folder, let depth): String(repeating: " ", count: depth) + folder + "/"
            case .item(let index, let depth): String(repeating: " ", count: depth) + sidebar.items[index].title
            }
        }
    }

    @Test func theTreeSaysItIsBeingReadUntilTheFirstLoadArrives() {
        var state = AppState(width: 100, height: 24)
        state.collection.sidebar = Sidebar(isLoaded: false)
        let screen = { (state: AppState) in (0..<24).map { Screen.render(state).text(row: $0) }.joined(separator: "\n") }
        #expect(screen(state).contains("reading the collection…"))
        _ = state.update(.collectionLoaded([], environments: [], changed: []))
        #expect(state.collection.sidebar!.isLoaded)
        #expect(screen(state).contains("no requests yet"))
    }

    @Test func foldersComeBeforeTheirFilesAndCollapse() {
        var state = state()
        #expect(rowTitles(state) == ["broken.ferry.yaml", "echo/", " echo/deep/", "  xml", " post a form", "a JSON document"])
        _ = press(.down, .enter, in: &state)
        #expect(rowTitles(state) == ["broken.ferry.yaml", "echo/", "a JSON document"])
        #expect(state.collection.sidebar!.selection == 1)
        _ = press(.enter, in: &state)
        #expect(rowTitles(state).count == 6)
    }

    @Test func filterAsYouTypeKeepsMatchesAndTheirFolders() {
        var state = state()
        _ = press(.character("/"), in: &state)
        #expect(state.context == .line)
        type("FORM", in: &state)
        #expect(rowTitles(state) == ["echo/", " post a form"])
        _ = press(.enter, in: &state)
        #expect(state.context == .sidebar)
        #expect(state.collection.sidebar!.filter.text == "FORM")
        _ = press(.escape, in: &state)
        #expect(rowTitles(state).count == 6)
    }

    @Test func enterLoadsARequestAndABrokenFileShowsItsProblem() {
        var state = state()
        _ = press(.enter, in: &state)
        #expect(state.notice == "/c/broken.ferry.yaml:3:7: unknown key `methd`")
        #expect(state.collection.openRequest == nil)
        _ = press(.character("G"), .enter, in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/json")
        #expect(state.editor.headers == [HeaderRow(name: "Accept", value: "application/json")])
        #expect(state.collection.openRequest?.path == "json.ferry.yaml")
        #expect(!state.hasUnsavedEdits)
    }

    /// Issue 32 (Build 1): the editor shows which file Ctrl-S writes to, on the request pane's bottom
    /// border; an example stepped to belongs to none.
    @Test func theRequestPaneNamesTheFileItHolds() {
        var state = state()
        let border = { (state: AppState) in Screen.render(state).text(row: state.layout.requestPane.maxY - 1) }
        #expect(border(state).contains("no file yet: ctrl-s asks for a name"), "\(border(state))")
        _ = press(.character("G"), .enter, in: &state)
        #expect(border(state).contains(" json.ferry.yaml "), "\(border(state))")
        state.collection.examples = [Self.source("an example", .get, "{{baseURL}}/xml")]
        _ = press(.function(2), in: &state)
        #expect(state.collection.openRequest == nil)
        #expect(border(state).contains("no file yet"), "\(border(state))")
    }

    @Test func ctrlSSavesTheOpenFileAndTheMarkerFollowsTheEdits() {
        var state = state()
        _ = press(.character("G"), .enter, .character("2"), in: &state)
        type("?page=2", in: &state)
        #expect(state.hasUnsavedEdits)
        #expect(Screen.render(state).text(row: 0).contains("●"))
        let effects = press(.control("s"), in: &state)
        guard case .saveRequest(let path, let request, let isNew)? = effects.first else {
            Issue.record("expected a save, got \(effects)")
            return
        }
        #expect(path == "json.ferry.yaml")
        #expect(request.url == "{{baseURL}}/json?page=2")
        #expect(!isNew)
        var expected = Self.json.description
        expected.url = "{{baseURL}}/json?page=2"
        #expect(request == expected, "only the edited field differs from the file's description")
        let after = state.update(.requestSaved(path: path, request))
        #expect(!state.hasUnsavedEdits)
        #expect(!Screen.render(state).text(row: 0).contains("●"))
        #expect(state.notice == "saved json.ferry.yaml")
        guard case .reloadCollection? = after.first else {
            Issue.record("expected the collection to be read again, got \(after)")
            return
        }
    }

    @Test func aNewRequestAsksForAPath() {
        var state = AppState(width: 100, height: 24)
        type("http://127.0.0.1/x", in: &state)
        _ = press(.control("s"), in: &state)
        #expect(state.collection.pathPrompt?.field.text == "new-request.ferry.yaml")
        #expect(Screen.render(state).text(row: 22).contains("save as (below the collection): new-request.ferry.yaml"))
        _ = press(.control("u"), in: &state)
        type("users/create", in: &state)
        let effects = press(.enter, in: &state)
        guard case .saveRequest("users/create.ferry.yaml", let request, true)? = effects.first else {
            Issue.record("expected a save of a new file, got \(effects)")
            return
        }
        #expect(request.url == "http://127.0.0.1/x")
        #expect(state.collection.pathPrompt == nil)
        _ = press(.control("s"), .escape, in: &state)
        #expect(state.collection.pathPrompt == nil)
    }

    @Test func newRenameDuplicateAndDeleteAskFirst() {
        var state = state()
        _ = press(.character("G"), .character("k"), .character("k"), in: &state)
        #expect(state.collection.sidebar!.selectedItem?.path == "echo/deep/xml.ferry.yaml")
        _ = press(.character("n"), in: &state)
        #expect(state.collection.pathPrompt?.field.text == "echo/deep/new-request.ferry.yaml")
        _ = press(.escape, .character("r"), in: &state)
        #expect(state.collection.pathPrompt?.label == " rename echo/deep/xml.ferry.yaml to: ")
        _ = press(.control("u"), in: &state)
        type("xml2", in: &state)
        var effects = press(.enter, in: &state)
        #expect(
            effects.first.map { "\($0)" } == "\(Effect.fileOperation(.rename(from: "echo/deep/xml.ferry.yaml", to: "xml2.ferry.yaml")))")
        _ = press(.character("c"), in: &state)
        #expect(state.collection.pathPrompt?.field.text == "echo/deep/xml-copy.ferry.yaml")
        effects = press(.enter, in: &state)
        #expect(
            effects.first.map { "\($0)" }
                == "\(Effect.fileOperation(.duplicate(from: "echo/deep/xml.ferry.yaml", to: "echo/deep/xml-copy.ferry.yaml")))")

        _ = press(.character("d"), in: &state)
        #expect(state.notice == "delete echo/deep/xml.ferry.yaml? y deletes it, any other key keeps it")
        #expect(press(.character("j"), in: &state).isEmpty)
        #expect(state.notice == "kept echo/deep/xml.ferry.yaml")
        #expect(state.collection.sidebar!.selectedItem?.path == "echo/deep/xml.ferry.yaml")
        _ = press(.character("d"), in: &state)
        effects = press(.character("y"), in: &state)
        #expect(effects.first.map { "\($0)" } == "\(Effect.fileOperation(.delete("echo/deep/xml.ferry.yaml")))")

        _ = press(.character("G"), .enter, in: &state)
        effects = state.update(.fileOperationDone(.rename(from: "json.ferry.yaml", to: "api/json.ferry.yaml")))
        #expect(state.collection.openRequest?.path == "api/json.ferry.yaml")
        #expect(effects.first.map { "\($0)" } == "reloadCollection")
        _ = state.update(.fileOperationDone(.delete("api/json.ferry.yaml")))
        #expect(state.collection.openRequest == nil)
        #expect(state.editor.url.text == "{{baseURL}}/json")
    }

    @Test func loadingOverUnsavedEditsAsksFirst() {
        var state = state()
        _ = press(.character("G"), .enter, .character("2"), in: &state)
        type("x", in: &state)
        _ = press(.tab, .tab, .tab, in: &state)
        #expect(state.focus == .sidebar)
        _ = press(.character("k"), .enter, in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/jsonx")
        #expect(state.notice?.hasPrefix("unsaved edits to json.ferry.yaml") == true)
        _ = press(.enter, in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/jsonx", "any key but s and d keeps the edits")
        #expect(state.notice == "kept your edits to json.ferry.yaml")
        _ = press(.enter, .character("d"), in: &state)
        #expect(state.editor.url.text == "{{baseURL}}/anything")
        #expect(state.collection.openRequest?.path == "echo/form.ferry.yaml")
    }

    /// Issue 32: saving over a file another program changed since it was opened asks first.
    @Test func ctrlSOverAFileChangedOnDiskAsksFirst() {
        var state = state()
        _ = press(.character("G"), .enter, .character("2"), in: &state)
        type("x", in: &state)
        _ = state.update(.collectionLoaded(Self.items, environments: [], changed: ["json.ferry.yaml"]))
        #expect(state.editor.url.text == "{{baseURL}}/jsonx", "the edits stay")
        #expect(press(.escape, .control("s"), in: &state).isEmpty, "nothing is written before the answer")
        #expect(state.notice?.hasPrefix("json.ferry.yaml changed on disk since you opened it") == true, "\(state.notice ?? "")")
        #expect(press(.character("x"), in: &state).isEmpty)
        #expect(state.notice == "not saved: json.ferry.yaml and your edits are kept as they are")
        let effects = press(.control("s"), .character("o"), in: &state)
        guard case .saveRequest("json.ferry.yaml", let saved, isNew: false)? = effects.first else {
            Issue.record("expected the save, got \(effects)"); return
        }
        #expect(saved.url == "{{baseURL}}/jsonx")
        _ = state.update(.requestSaved(path: "json.ferry.yaml", saved))
        #expect(press(.control("s"), in: &state).first.map { "\($0)" }?.hasPrefix("saveRequest") == true, "asked once per change")
    }

    @Test func savingInAnswerWritesTheFileThenLoadsTheOther() {
        var state = state()
        _ = press(.character("G"), .enter, .character("2"), in: &state)
        type("x", in: &state)
        _ = press(.tab, .tab, .tab, .character("k"), .enter, in: &state)
        let effects = press(.character("s"), in: &state)
        guard case .saveRequest("json.ferry.yaml", let saved, isNew: false)? = effects.first else {
            Issue.record("expected a save of json.ferry.yaml, got \(effects)"); return
        }
        #expect(saved.url == "{{baseURL}}/jsonx")
        #expect(state.editor.url.text == "{{baseURL}}/jsonx", "nothing is loaded before the file is written")
        _ = state.update(.requestSaved(path: "json.ferry.yaml", saved))
        #expect(state.editor.url.text == "{{baseURL}}/anything")
        #expect(state.collection.openRequest?.path == "echo/form.ferry.yaml")
    }

    @Test func environmentsCycleAndResolveVariablesWhenSending() throws {
        var state = state()
        _ = press(.character("G"), .enter, in: &state)
        // No environment: the variable is unresolved, nothing is sent and the Errors tab says why.
        #expect(press(.control("r"), in: &state).isEmpty)
        #expect(state.response.tab == .errors)
        guard case .failed(let chain, _) = state.exchange else { Issue.record("expected a failure"); return }
        #expect(chain.links.contains { $0.message.contains("baseURL") })

        guard case .loadEnvironment("demo")? = press(.function(4), in: &state).first else { Issue.record("expected demo"); return }
        _ = state.update(
            .environmentLoaded(
                "demo",
                [
                    Variable(name: "baseURL", value: "http://127.0.0.1:9"),
                    Variable(name: "token", value: "s3cret", isSecret: true),
                ]))
        #expect(state.collection.environment == "demo")
        #expect(try state.makeRequest().request.url.absoluteString == "http://127.0.0.1:9/json")
        let canvas = Screen.render(state)
        #expect(!(0..<canvas.height).map { canvas.text(row: $0) }.joined().contains("s3cret"))
        guard case .loadEnvironment("prod")? = press(.function(4), in: &state).first else { Issue.record("expected prod"); return }
        state.collection.environment = "prod"
        guard case .loadEnvironment(nil)? = press(.function(4), in: &state).first else { Issue.record("expected none"); return }
    }

    @Test func theEnvironmentsProxyAndCertificateGoWithTheRequest() throws {
        var state = state()
        _ = press(.character("G"), .enter, in: &state)
        var settings = ConnectionSettings()
        settings.proxy = "http://127.0.0.1:3128"
        settings.proxyUser = "{{proxyLogin}}"
        settings.clientCertificate = "certs/client.pem"
        _ = state.update(
            .environmentLoaded(
                "demo",
                [
                    Variable(name: "baseURL", value: "http://127.0.0.1:9"),
                    Variable(name: "proxyLogin", value: "ann:pr0xy", isSecret: true),
                ], connection: settings))
        let request = try state.makeRequest().request
        #expect(request.options.proxy == "http://127.0.0.1:3128")
        #expect(request.proxyUser == "ann:pr0xy")
        #expect(request.options.tls.clientCertificate == state.editor.source.root + "/certs/client.pem")
        _ = press(.escape, in: &state)  // out of any text field: Y copies the request as curl
        guard case .copy(.request(let source, _, .curl))? = press(.character("Y"), in: &state).first else {
            Issue.record("Y made no curl command")
            return
        }
        #expect(source.defaults.connection.proxy == "http://127.0.0.1:3128", "the copied command goes through the environment's proxy")
        _ = state.update(.environmentLoaded(nil, [Variable(name: "baseURL", value: "http://127.0.0.1:9")]))
        #expect(try state.makeRequest().request.options.proxy == nil)
    }

    @Test func thePaletteListsTheEnvironments() {
        var state = state()
        _ = press(.control("p"), in: &state)
        type("environment: p", in: &state)
        #expect(state.paletteEntries.first?.title == "environment: prod")
        guard case .loadEnvironment("prod")? = press(.enter, in: &state).first else { Issue.record("prod not chosen"); return }
    }

    @Test func aFileChangedOnDiskReloadsOrAsks() {
        var state = state()
        _ = press(.character("G"), .enter, in: &state)
        var changed = Self.items
        changed[0].request!.description.url = "{{baseURL}}/json?v=2"
        _ = state.update(.collectionLoaded(changed, environments: [], changed: ["json.ferry.yaml"]))
        #expect(state.editor.url.text == "{{baseURL}}/json?v=2")
        #expect(state.notice == "json.ferry.yaml changed on disk: reloaded")

        _ = press(.character("2"), in: &state)
        type("&mine", in: &state)
        changed[0].request!.description.url = "{{baseURL}}/json?v=3"
        _ = state.update(.collectionLoaded(changed, environments: [], changed: ["json.ferry.yaml"]))
        #expect(state.editor.url.text == "{{baseURL}}/json?v=2&mine")
        #expect(state.notice?.hasPrefix("json.ferry.yaml changed on disk: Enter on it") == true)
    }

    @Test func theSidebarHidesWhenToggledOrTooNarrow() {
        var state = state()
        #expect(state.isSidebarShown)
        _ = press(.control("b"), in: &state)
        #expect(!state.isSidebarShown)
        #expect(state.focus == .url)
        _ = press(.control("b"), in: &state)
        #expect(state.focus == .sidebar)
        _ = press(.character("2"), .control("b"), in: &state)
        #expect(state.focus == .sidebar)
        #expect(state.isSidebarShown)
        _ = state.update(.resize(width: 80, height: 24))
        #expect(!state.isSidebarShown)
        #expect(state.focus == .url)
        #expect(state.layout.sidebar.width == 0)
        var plain = AppState(width: 100, height: 24)
        _ = plain.update(.key(.control("b")))
        #expect(plain.notice == "no collection here (ferry --collection DIR)")
    }

    @Test func aClickSelectsTheRowUnderIt() {
        var state = state()
        state.focus = .url
        _ = state.update(.mouse(MouseEvent(.press, x: 5, y: 4)))
        #expect(state.focus == .sidebar)
        #expect(state.collection.sidebar!.selectedItem?.path == "echo/deep/xml.ferry.yaml")
    }

    @Test func sidebarSnapshot() {
        var state = state()
        _ = press(.character("G"), .enter, .character("2"), in: &state)
        type("?x", in: &state)
        _ = press(.tab, .tab, .tab, .character("k"), in: &state)
        _ = state.update(.environmentLoaded("demo", []))
        let canvas = Screen.render(state)
        let rect = state.layout.sidebar
        let text = (rect.y..<rect.maxY).map { row in
            String(canvas.text(row: row).prefix(rect.width))
        }.joined(separator: "\n")
        #expect(
            text == """
                ┌ Collection │───────────────┐
                │✗ broken.ferry.yaml         │
                │▾ echo/                     │
                │  ▾ deep/                   │
                │     GET    xml             │
                │   POST   post a form       │
                │●GET    a JSON document     │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │                            │
                │ env demo (F4)              │
                └────────────────────────────┘
                """)
    }
}
