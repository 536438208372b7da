import FerryCore
import FerryTestSupport
import Foundation
import Testing

/// Ferry's contract verdicts against those of a validator nobody here wrote: Python's openapi-core.
/// Tests/Fixtures/contract-agreement/cases.json holds public OpenAPI documents (the petstore editions
/// and documents of the import corpus) with responses made to match each operation and to break it
/// one part at a time (its `generate.py` says how); `verdicts.py` asks openapi-core. For every case
/// the two must agree on valid or not, on which parts failed (status, content type, header, body)
/// and on the instance locations of the body's errors.
@Suite struct ContractAgreementTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures/contract-agreement")

    /// Cases where Ferry and openapi-core disagree, each investigated in Documentation/TESTING.md.
    static let knownDisagreements: Set<String> = []

    @Test func ferryAgreesWithOpenAPICore() async throws {
        let casesPath = Self.folder.appendingPathComponent("cases.json").path
        let python = await ChildProcess.run("/usr/bin/env", ["python3", Self.folder.appendingPathComponent("verdicts.py").path, casesPath])
        try #require(python.status == 0, "\(python.stderr)")
        let verdicts = python.text.split(separator: "\n")
        let file = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: casesPath)))
        func member(_ name: String, of node: NodeID, in document: Document) -> NodeID? {
            document.children(of: node).first { document.key(of: $0) == name }
        }
        var contracts: [String: OpenAPIContract] = [:]
        for entry in file.children(of: try #require(member("documents", of: file.root, in: file))) {
            let document = try JSONParser.parse(file.bytes.subdata(in: file.byteRange(of: entry)))
            contracts[file.key(of: entry) ?? ""] = try OpenAPIContract(document, name: file.key(of: entry) ?? "")
        }
        let cases = Array(file.children(of: try #require(member("cases", of: file.root, in: file))))
        try #require(cases.count == verdicts.count)
        var disagreements: [String: String] = [:]
        var invalid = 0
        for (index, testCase) in cases.enumerated() {
            func text(_ name: String) throws -> String { try #require(member(name, of: testCase, in: file).flatMap(file.value)) }
            let name = try text("document") + ": " + text("name")
            let contract = try #require(contracts[try text("document")])
            var headers: HTTPHeaders = ["Content-Type": try text("contentType")]
            for header in file.children(of: try #require(member("headers", of: testCase, in: file))) {
                headers.add(name: file.key(of: header) ?? "", value: file.value(of: header) ?? "")
            }
            let body = file.bytes.subdata(in: file.byteRange(of: try #require(member("body", of: testCase, in: file))))
            let response = Response(
                status: Int(try text("status")) ?? 0, reasonPhrase: "", httpVersion: "HTTP/1.1", headers: headers,
                body: ResponseBody(storage: .memory(body), count: Int64(body.count)), effectiveURL: "", remoteAddress: nil,
                redirects: [], timeline: Timeline(start: Date()), sent: nil)
            let url = try #require(URL(string: try text("server") + text("path")))
            let verdict = contract.check(response, method: HTTPMethod(try text("method")), url: url, document: nil)
            let parts = Set(verdict.findings.map { $0.part.hasPrefix("header ") ? "header" : $0.part })
            let pointers = Set(verdict.findings.flatMap { $0.violations.map(\.instancePointer) })

            let reference = try JSONParser.parse(Data(verdicts[index].utf8))
            let referenceValid = member("valid", of: reference.root, in: reference).flatMap(reference.boolValue)
            let referenceParts = Set(
                reference.children(of: try #require(member("parts", of: reference.root, in: reference))).compactMap(reference.value))
            let referencePointers = Set(
                reference.children(of: try #require(member("pointers", of: reference.root, in: reference))).compactMap(reference.value))
            if !verdict.passed { invalid += 1 }
            if referenceValid != verdict.passed || parts != referenceParts || pointers != referencePointers {
                disagreements[name] =
                    "Ferry \(parts.sorted()) \(pointers.sorted()) \(verdict.findings.first?.text.prefix(300) ?? ""), openapi-core \(referenceParts.sorted()) \(referencePointers.sorted())"
            }
        }
        print("Contract agreement: \(cases.count - disagreements.count)/\(cases.count) cases agree (\(invalid) invalid)")
        for (name, detail) in disagreements.sorted(by: { $0.key < $1.key }) { print("  disagree: \(name): \(detail)") }
        #expect(cases.count > 300)
        #expect(Set(disagreements.keys) == Self.knownDisagreements)
    }
}
