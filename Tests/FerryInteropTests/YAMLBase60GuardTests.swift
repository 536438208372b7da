@testable import FerryInterop
import Foundation
import Testing

/// YAML 1.1 base-60 numbers too large for `Int` are problems at their place, not a trap in Yams
/// (found by the importPosting fuzz target); those that fit still read.
@Suite struct YAMLBase60GuardTests {
    static let huge = "20202020220202020:20:20:0"

    @Test func onlyBase60NumbersPastIntMaxOverflow() {
        #expect(YAMLBase60Guard.overflows(Self.huge))
        #expect(YAMLBase60Guard.overflows("1:0:0:0:0:0:0:0:0:0:0"))  // eleven parts: the weight passes Int.max
        #expect(!YAMLBase60Guard.overflows("1:30:00"))
        #expect(!YAMLBase60Guard.overflows("-1_000:59"))
        #expect(!YAMLBase60Guard.overflows("12:ab"))
        #expect(!YAMLBase60Guard.overflows("99999999999999999999"))
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
            ("Posting", { _ = try PostingImporter.request("name: a\nurl: https://a.example\ntimeout: \(Self.huge)\n", place: "a.posting.yaml", source: "a.posting.yaml") }),
            ("Insomnia", { _ = try InsomniaImporter().importCollection("_type: export\n__export_format: 4\nresources:\n  - n: \(Self.huge)\n", source: "a.yaml", directory: "/") }),
            ("OpenAPI", { _ = try OpenAPIImporter().importCollection(openAPI, source: "a.yaml", directory: "/nonexistent") }),
        ]
        for (format, read) in reads {
            let problem = #expect(throws: ImportProblem.self, "\(format)") { try read() }
            #expect(problem?.description.contains("is too large") == true, "\(format): \(String(describing: problem))")
            #expect(problem?.place?.hasPrefix("line ") == true, "\(format): \(String(describing: problem))")
        }
    }

    @Test func aBase60NumberThatFitsStillReads() throws {
        let imported = try InsomniaImporter().importCollection(
            "_type: export\n__export_format: 4\nresources:\n  - {_id: req_1, _type: request, parentId: wrk_1, name: t, method: GET, url: 'https://a.example/1:30'}\n  - {_id: wrk_1, _type: workspace, name: w, n: 1:30}\n",
            source: "a.yaml", directory: "/")
        #expect(imported.requests.count == 1)
    }
}
