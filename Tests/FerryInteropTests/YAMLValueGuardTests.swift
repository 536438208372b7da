import Foundation
import Testing

@testable import FerryInterop

/// YAML that Yams traps on is a problem at its place (found by the importPosting and importInsomnia
/// fuzz targets): base-60 numbers too large for `Int` (those that fit still read), and keys that
/// are mappings or lists.
@Suite struct YAMLValueGuardTests {
    static let huge = "20202020220202020:20:20:0"

    @Test func onlyBase60NumbersPastIntMaxOverflow() {
        #expect(YAMLValueGuard.overflows(Self.huge))
        #expect(YAMLValueGuard.overflows("1:0:0:0:0:0:0:0:0:0:0"))  // eleven parts: the weight passes Int.max
        #expect(!YAMLValueGuard.overflows("1:30:00"))
        #expect(!YAMLValueGuard.overflows("-1_000:59"))
        #expect(!YAMLValueGuard.overflows("12:ab"))
        #expect(!YAMLValueGuard.overflows("99999999999999999999"))
    }

    @Test func postingInsomniaAndOpenAPIDocumentsWithOneAreProblems() {
        let openAPI = """
            openapi: 3.0.0
            info: {title: t, version: "1"}
            paths:
              /a:
                get:
                  parameters:
                    - {name: q, in: query, schema: {type: string, maxLength: \(Self.huge)}}
                  responses: {"200": {description: ok}}
            """
        let reads: [(String, () throws -> Void)] = [
            (
                "Posting",
                {
                    _ = try PostingImporter.request(
                        "name: a\nurl: https://a.example\ntimeout: \(Self.huge)\n", place: "a.posting.yaml", source: "a.posting.yaml")
                }
            ),
            (
                "Insomnia",
                {
                    _ = try InsomniaImporter().importCollection(
                        "_type: export\n__export_format: 4\nresources:\n  - n: \(Self.huge)\n", source: "a.yaml", directory: "/")
                }
            ),
            ("OpenAPI", { _ = try OpenAPIImporter().importCollection(openAPI, source: "a.yaml", directory: "/nonexistent") }),
        ]
        for (format, read) in reads {
            let problem = #expect(throws: ImportProblem.self, "\(format)") { try read() }
            #expect(problem?.description.contains("is too large") == true, "\(format): \(String(describing: problem))")
            #expect(problem?.place?.hasPrefix("line ") == true, "\(format): \(String(describing: problem))")
        }
    }

    @Test func aKeyThatIsAMappingOrAListIsAProblem() {
        for text in ["  ? ._.s:\n", "name: a\n? [a, b]\n: c\n"] {
            let problem = #expect(throws: ImportProblem.self) {
                try PostingImporter.request(text, place: "a.posting.yaml", source: "a.posting.yaml")
            }
            #expect(problem?.description.contains("a key that is a mapping or a list") == true, "\(String(describing: problem))")
            let insomnia = #expect(throws: ImportProblem.self) {
                try InsomniaImporter().importCollection(text, source: "a.yaml", directory: "/")
            }
            #expect(insomnia?.place?.hasPrefix("line ") == true, "\(String(describing: insomnia))")
        }
    }

    /// Yams' own text for a repeated key holds the whole document: the problem names the key and
    /// its line and column instead (issue 28).
    @Test func aRepeatedKeyIsNamedAtItsPlaceInPostingInsomniaAndBruno() {
        let secret = "a-line-only-the-whole-document-holds"
        let reads: [(String, () throws -> Void)] = [
            (
                "Posting",
                {
                    _ = try PostingImporter.request(
                        "name: a\nurl: https://a.example\n# \(secret)\nname: b\n", place: "a.posting.yaml", source: "a.posting.yaml")
                }
            ),
            (
                "Insomnia",
                {
                    _ = try InsomniaImporter().importCollection(
                        "_type: export\n# \(secret)\nresources: []\nname: a\nname: b\n", source: "a.yaml", directory: "/")
                }
            ),
            ("Bruno", { _ = try BrunoImporter.request("info:\n  name: a\n  # \(secret)\n  name: b\n", place: "a.yml") }),
        ]
        for (format, read) in reads {
            let problem = #expect(throws: ImportProblem.self, "\(format)") { try read() }
            #expect(problem?.message.contains("duplicated key(s): 'name'") == true, "\(format): \(String(describing: problem))")
            #expect(problem?.place?.hasPrefix("line ") == true, "\(format): \(String(describing: problem))")
            #expect(problem?.description.contains(secret) == false, "\(format): \(String(describing: problem))")
        }
    }

    @Test func aBase60NumberThatFitsStillReads() throws {
        let imported = try InsomniaImporter().importCollection(
            "_type: export\n__export_format: 4\nresources:\n  - {_id: req_1, _type: request, parentId: wrk_1, name: t, method: GET, url: 'https://a.example/1:30'}\n  - {_id: wrk_1, _type: workspace, name: w, n: 1:30}\n",
            source: "a.yaml", directory: "/")
        #expect(imported.requests.count == 1)
    }
}
