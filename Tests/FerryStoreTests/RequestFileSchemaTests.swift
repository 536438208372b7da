import FerryCore
import FerryTestSupport
import Foundation
import Testing

@testable import FerryStore

/// `expect: body: schema:` in request files: a file beside the request or a schema written inline,
/// read back the same after writing; a schema file outside the request's folder refused.
@Suite struct RequestFileSchemaTests {
    @Test func fileAndInlineSchemasAreWrittenBackAsRead() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("pet.json", Data(#"{"type": "object", "required": ["id"]}"#.utf8))
        let text = """
            url: https://example.test/pets/1
            expect:
              status: 200
              body:
                schema: pet.json
                $.id: 1
            """
        let path = directory.file("one.ferry.yaml")
        let description = try RequestDescription(yaml: text, path: path)
        guard case .schema(let schema) = description.assertions[1].subject else {
            Issue.record("expected a schema check, got \(description.assertions)")
            return
        }
        #expect(schema.file == "pet.json")
        #expect(try RequestDescription(yaml: try description.yaml(), path: path).assertions == description.assertions)

        let inline = """
            url: https://example.test/pets/1
            expect:
              body:
                schema:
                  type: object
                  properties:
                    id: {type: integer, minimum: 1}
                    name: {type: string, enum: ["true", "1", null]}
            """
        let read = try RequestDescription(yaml: inline, path: path)
        let written = try read.yaml()
        #expect(try RequestDescription(yaml: written, path: path).assertions == read.assertions, "\(written)")
        guard case .schema(let inlineSchema) = read.assertions[0].subject else {
            Issue.record("expected a schema check")
            return
        }
        #expect(inlineSchema.json?.contains(#"["true","1",null]"#) == true, "\(inlineSchema.json ?? "")")
    }

    @Test func aSchemaFileOutsideTheRequestsFolderIsRefused() throws {
        let outer = try TemporaryDirectory()
        _ = try outer.write("secret.json", Data("{}".utf8))
        try FileManager.default.createDirectory(atPath: outer.file("requests"), withIntermediateDirectories: true)
        let text = "url: https://example.test/\nexpect:\n  body:\n    schema: ../secret.json\n"
        let problem = try #require(throws: ConfigProblem.self) {
            try RequestDescription(yaml: text, path: outer.file("requests/one.ferry.yaml"))
        }
        #expect(problem.line == 4)
        #expect("\(problem)".contains("outside"), "\(problem)")
    }

    @Test func anAliasBombInAnInlineSchemaIsAProblemNotAnExhaustedMachine() throws {
        var lines = ["url: https://example.test/", "expect:", "  body:", "    schema:", "      $defs:"]
        lines.append("        a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]")
        for level in 1..<9 {
            lines.append("        a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append("      enum: *a8")
        let text = lines.joined(separator: "\n")
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(yaml: text, path: "bomb.ferry.yaml") }
        #expect("\(problem)".contains("more than"), "\(problem)")
    }
}
