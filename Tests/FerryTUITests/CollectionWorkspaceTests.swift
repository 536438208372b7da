import FerryCore
import FerryTUI
import FerryTestSupport
import Foundation
import Testing

@testable import FerryApp

/// The runtime's side of the sidebar: real collection files in a temporary folder.
@Suite struct CollectionWorkspaceTests {
    private static let jsonBody = """
        name: echo a JSON body
        method: POST
        url: "{{baseURL}}/anything"
        headers:
          - Accept: application/json
        auth:
          bearer: "{{token}}"
        body:
          json:
            name: Ferry
            tags: [tui, http]

        """

    private func collection() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for sub in ["echo", "environments"] {
            try FileManager.default.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: true)
        }
        _ = try folder.write("echo/json-body.ferry.yaml", Data(Self.jsonBody.utf8))
        _ = try folder.write("broken.ferry.yaml", Data("url: /x\nmethd: GET\n".utf8))
        _ = try folder.write("environments/demo.yaml", Data("baseURL: http://127.0.0.1:1\ntoken:\n  value: t0ken\n  secret: true\n".utf8))
        return folder
    }

    private func items(_ message: Message) throws -> (items: [CollectionItem], environments: [String], changed: [String]) {
        guard case .collectionLoaded(let items, let environments, let changed) = message else {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "message", problem: "\(message)"))
        }
        return (items, environments, changed)
    }

    @Test func loadsRequestsWithVariablesKeptAndBrokenFilesWithTheirPlace() throws {
        let folder = try collection()
        let (items, environments, changed) = try items(CollectionWorkspace(root: folder.path).load())
        #expect(environments == ["demo"])
        #expect(changed.isEmpty)
        let request = try #require(items.first { $0.path == "echo/json-body.ferry.yaml" }?.request)
        #expect(request.title == "echo a JSON body")
        #expect(request.root == folder.path)
        var state = AppState(width: 120, height: 40)
        state.load(request, file: OpenRequest(path: "echo/json-body.ferry.yaml"))
        #expect(state.editor.method == .post)
        #expect(state.editor.url.text == "{{baseURL}}/anything")
        #expect(state.editor.headers.map(\.line) == ["Accept: application/json", "Content-Type: application/json"])
        #expect(state.editor.body.text.contains("\"tags\""))
        #expect(state.editor.omitted.isEmpty)
        #expect(state.editor.auth == .bearer(token: "{{token}}"))
        #expect(!state.hasUnsavedEdits)
        let broken = try #require(items.first { $0.path == "broken.ferry.yaml" })
        #expect(broken.request == nil)
        #expect(broken.problem?.contains("broken.ferry.yaml:2:1") == true)
    }

    @Test func savingKeepsWhatTheEditorDoesNotHoldAndNoticesOtherWriters() throws {
        let folder = try collection()
        let workspace = CollectionWorkspace(root: folder.path)
        let loaded = try #require(try items(workspace.load()).items.first { $0.path == "echo/json-body.ferry.yaml" }?.request)
        var editor = RequestEditor(loading: loaded)
        editor.url = TextField("{{baseURL}}/anything?page=2")
        let edited = try editor.description()
        guard
            case .requestSaved("echo/json-body.ferry.yaml", let saved) = workspace.save(
                edited, to: "echo/json-body.ferry.yaml", isNew: false)
        else {
            Issue.record("not saved")
            return
        }
        #expect(saved == edited)
        let text = try String(contentsOfFile: folder.file("echo/json-body.ferry.yaml"), encoding: .utf8)
        #expect(text.contains("url: '{{baseURL}}/anything?page=2'"))
        #expect(text.contains("bearer: '{{token}}'"))
        #expect(!text.contains("Content-Type"))
        #expect(text.contains("json:"))
        #expect(!workspace.hasChangedFiles(), "Ferry's own save is not another program's change")
        let reread = try items(workspace.load())
        #expect(reread.changed.isEmpty)
        #expect(reread.items.first { $0.path == "echo/json-body.ferry.yaml" }?.request?.description == edited)
        #expect(!workspace.hasChangedFiles())

        Thread.sleep(forTimeInterval: 0.01)
        try Data(Self.jsonBody.replacingOccurrences(of: "POST", with: "PUT").utf8).write(
            to: URL(fileURLWithPath: folder.file("echo/json-body.ferry.yaml")))
        #expect(workspace.hasChangedFiles())
        #expect(try items(workspace.load()).changed == ["echo/json-body.ferry.yaml"])
    }

    @Test func aBrokenFileOrAnExistingNewPathIsNeverOverwritten() throws {
        let folder = try collection()
        let workspace = CollectionWorkspace(root: folder.path)
        let request = RequestDescription(method: .get, url: "http://127.0.0.1/x")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file("broken.ferry.yaml")))
        guard case .notice(let refused) = workspace.save(request, to: "broken.ferry.yaml", isNew: false) else {
            Issue.record("a broken file was overwritten")
            return
        }
        #expect(refused.contains("broken.ferry.yaml:2:1"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("broken.ferry.yaml"))) == before)
        guard case .notice = workspace.save(request, to: "echo/json-body.ferry.yaml", isNew: true) else {
            Issue.record("a new request replaced an existing file")
            return
        }
        guard case .requestSaved("new/x.ferry.yaml", let saved) = workspace.save(request, to: "new/x.ferry.yaml", isNew: true) else {
            Issue.record("a new request was not saved")
            return
        }
        #expect(saved == request)
        let reloaded = try #require(try items(workspace.load()).items.first { $0.path == "new/x.ferry.yaml" }?.request)
        #expect(reloaded.title == "x")
        #expect(reloaded.description.url == "http://127.0.0.1/x")
    }

    @Test func renameCopyAndDeleteNeverReplaceAFile() throws {
        let folder = try collection()
        let workspace = CollectionWorkspace(root: folder.path)
        _ = workspace.load()
        let original = try Data(contentsOf: URL(fileURLWithPath: folder.file("echo/json-body.ferry.yaml")))
        guard case .notice(let refused) = workspace.perform(.rename(from: "broken.ferry.yaml", to: "echo/json-body.ferry.yaml")) else {
            Issue.record("a rename replaced a file")
            return
        }
        #expect(refused.contains("json-body.ferry.yaml"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("echo/json-body.ferry.yaml"))) == original)
        guard case .fileOperationDone = workspace.perform(.duplicate(from: "echo/json-body.ferry.yaml", to: "copies/body.ferry.yaml")),
            case .fileOperationDone = workspace.perform(.rename(from: "broken.ferry.yaml", to: "old/broken.ferry.yaml")),
            case .fileOperationDone = workspace.perform(.delete("echo/json-body.ferry.yaml"))
        else {
            Issue.record("a file operation failed")
            return
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("copies/body.ferry.yaml"))) == original)
        let reread = try items(workspace.load())
        #expect(reread.items.map(\.path).sorted() == ["copies/body.ferry.yaml", "old/broken.ferry.yaml"])
        #expect(reread.changed.isEmpty, "Ferry's own renames, copies and deletes are not reported as changes by others")
    }

    @Test func environmentsLayTheOverridesOnTop() throws {
        let folder = try collection()
        let workspace = CollectionWorkspace(root: folder.path, overrides: [Variable(name: "baseURL", value: "http://127.0.0.1:9")])
        guard case .environmentLoaded("demo", let variables, _, _) = workspace.environment("demo") else {
            Issue.record("demo not loaded")
            return
        }
        #expect(variables.map(\.name).sorted() == ["baseURL", "token"])
        #expect(variables.first { $0.name == "baseURL" }?.value == "http://127.0.0.1:9")
        #expect(variables.first { $0.name == "token" }?.isSecret == true)
        guard case .notice(let problem) = workspace.environment("nope") else {
            Issue.record("a missing environment loaded")
            return
        }
        #expect(problem.contains("available: demo"))
    }

    /// Issue 32: in `ferry demo` the server's address is the demo environment's `baseURL` (and the one
    /// without an environment); another environment keeps its own, so F4 changes the target.
    @Test func theDemosOverridesApplyToTheDemoEnvironmentAlone() throws {
        let folder = try collection()
        _ = try folder.write("environments/prod.yaml", Data("baseURL: https://api.example.test\n".utf8))
        let workspace = CollectionWorkspace(
            root: folder.path, overrides: [Variable(name: "baseURL", value: "http://127.0.0.1:9")],
            overridesOnly: "demo")
        func baseURL(_ environment: String?) -> String? {
            guard case .environmentLoaded(_, let variables, _, _) = workspace.environment(environment) else { return nil }
            return variables.first { $0.name == "baseURL" }?.value
        }
        #expect(baseURL("demo") == "http://127.0.0.1:9")
        #expect(baseURL(nil) == "http://127.0.0.1:9")
        #expect(baseURL("prod") == "https://api.example.test")
    }
}
