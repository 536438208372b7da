import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// `scripts:` as request files and `_folder.ferry.yaml` hold them: each script remembers the file's
/// line it starts on, is written back as it was read, and a wrong key or value is located.
@Suite struct RequestScriptsYAMLTests {
    @Test func scriptsAreReadWithTheirLinesAndWrittenBack() throws {
        let text = """
            url: https://api.test/users
            scripts:
              pre-request: |
                pm.environment.set("stamp", Date.now());
              tests: |
                pm.test("ok", () => {
                  pm.response.to.have.status(200);
                });

            """
        let request = try RequestDescription(yaml: text, path: "users.ferry.yaml")
        let tests = try #require(request.scripts.tests)
        #expect(tests.text == "pm.test(\"ok\", () => {\n  pm.response.to.have.status(200);\n});\n")
        #expect(tests.file == "users.ferry.yaml")
        #expect(tests.line == 6)
        #expect(tests.indent == 4)
        #expect(request.scripts.preRequest?.line == 4)
        #expect(request.scripts.postResponse == nil)
        let written = try request.yaml()
        #expect(written == text)
        #expect(try RequestDescription(yaml: written, path: "again.ferry.yaml") == request)
    }

    @Test func aScriptThatIsNotABlockIsWrittenSoItReadsBack() throws {
        var request = RequestDescription(url: "https://api.test")
        request.scripts.tests = ScriptSource("pm.test('a',\t() => {})")
        let read = try RequestDescription(yaml: try request.yaml(), path: "x.ferry.yaml")
        #expect(read.scripts.tests?.text == "pm.test('a',\t() => {})")
    }

    @Test func anUnknownPhaseOrAMappingIsLocated() throws {
        #expect {
            _ = try RequestDescription(yaml: "url: x\nscripts:\n  before: |\n    x()\n", path: "r.ferry.yaml")
        } throws: { ($0 as? ConfigProblem)?.description.contains("r.ferry.yaml:3") == true }
        #expect {
            _ = try RequestDescription(yaml: "url: x\nscripts:\n  tests: { a: 1 }\n", path: "r.ferry.yaml")
        } throws: { ($0 as? ConfigProblem)?.description.contains("expected a text value") == true }
    }

    @Test func aFolderHoldsScriptsAndATimeLimitWhichItsRequestsInherit() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("a"), withIntermediateDirectories: true)
        _ = try directory.write("_folder.ferry.yaml", Data("scripts:\n  tests: |\n    root()\nscriptTimeLimit: 2\n".utf8))
        _ = try directory.write("a/_folder.ferry.yaml", Data("scripts:\n  pre-request: |\n    folder()\n".utf8))
        let defaults = try FolderDefaults.inherited(byFileAt: directory.file("a/r.ferry.yaml"), root: directory.path)
        #expect(defaults.scripts.map { $0.tests?.text } == ["root()\n", nil])
        #expect(defaults.scripts.map { $0.preRequest?.text } == [nil, "folder()\n"])
        #expect(defaults.scriptTimeLimit == 2)
        let folder = try FolderDefaults(contentsOf: directory.file("_folder.ferry.yaml"))
        #expect(try folder.yaml() == "scripts:\n  tests: |\n    root()\nscriptTimeLimit: 2.0\n")
        #expect {
            _ = try FolderDefaults(contentsOf: try directory.write("bad.yaml", Data("scriptTimeLimit: forever\n".utf8)))
        } throws: { ($0 as? ConfigProblem)?.description.contains("expected seconds") == true }
    }
}
