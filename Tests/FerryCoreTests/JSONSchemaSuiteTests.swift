import FerryCore
import Foundation
import Testing

/// The official JSON-Schema-Test-Suite (Tests/Fixtures/json-schema-test-suite, its README says
/// from where): every required test of drafts 2020-12, 2019-09, 7, 6 and 4, and the `optional/format`
/// tests with `format` asserted, counted apart. `http://localhost:1234/…` is served from the
/// suite's `remotes/` and the drafts' metaschemas from Tests/Fixtures/json-schema-metaschemas; no
/// network. At least 99% of each draft's required tests pass, and every failure is named in
/// Documentation/TESTING.md.
@Suite struct JSONSchemaSuiteTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures")
    static let suite = fixtures.appendingPathComponent("json-schema-test-suite")

    static let drafts: [(folder: String, dialect: SchemaDialect)] = [
        ("draft2020-12", .draft2020), ("draft2019-09", .draft2019), ("draft7", .draft7), ("draft6", .draft6), ("draft4", .draft4),
    ]

    /// The documents `$ref`s may name, by URI: the suite's remotes and the metaschemas.
    static let served: [String: URL] = {
        var served: [String: URL] = [:]
        let remotes = suite.appendingPathComponent("remotes")
        for path in files(under: remotes) {
            served["http://localhost:1234/" + String(path.path.dropFirst(remotes.path.count + 1))] = path
        }
        let metaschemas = fixtures.appendingPathComponent("json-schema-metaschemas")
        for path in files(under: metaschemas) where path.pathExtension == "json" {
            guard let document = try? JSONParser.parse(Data(contentsOf: path)),
                let id = (document.member("$id", of: document.root) ?? document.member("id", of: document.root)).flatMap(document.value)
            else { continue }
            var uri = id.hasSuffix("#") ? String(id.dropLast()) : id
            served[uri] = path
            uri = uri.hasPrefix("https:") ? "http:" + uri.dropFirst(6) : "https:" + uri.dropFirst(5)
            served[uri] = path
        }
        return served
    }()

    static let loader: SchemaLoader = { uri in
        guard let path = served[uri] else { return nil }
        return try JSONParser.parse(Data(contentsOf: path))
    }

    @Test(arguments: drafts.map(\.folder))
    func requiredTests(folder: String) throws {
        let dialect = try #require(Self.drafts.first { $0.folder == folder }?.dialect)
        let directory = Self.suite.appendingPathComponent("tests/\(folder)")
        let (total, failures) = try Self.run(files: Self.files(under: directory, recursive: false), dialect: dialect, formats: false)
        let passed = total - failures.count
        print("JSON-Schema-Test-Suite \(folder): \(passed)/\(total) required tests passed")
        for failure in failures { print("  failed: \(failure)") }
        #expect(total > 500)
        #expect(Double(passed) >= 0.99 * Double(total))
        let documented = try String(contentsOf: Self.fixtures.appendingPathComponent("../../Documentation/TESTING.md"), encoding: .utf8)
        for failure in failures { #expect(documented.contains(failure), "not named in TESTING.md: \(failure)") }
    }

    @Test(arguments: drafts.map(\.folder))
    func formatTests(folder: String) throws {
        let dialect = try #require(Self.drafts.first { $0.folder == folder }?.dialect)
        let directory = Self.suite.appendingPathComponent("tests/\(folder)/optional/format")
        let (total, failures) = try Self.run(files: Self.files(under: directory, recursive: false), dialect: dialect, formats: true)
        print("JSON-Schema-Test-Suite \(folder) optional/format: \(total - failures.count)/\(total) passed")
        for failure in failures { print("  failed: \(failure)") }
        #expect(Double(total - failures.count) >= 0.85 * Double(total))
        // Format failures are named in TESTING.md by their group (`hostname.json: validation of A-label (punycode) host names`).
        let documented = try String(contentsOf: Self.fixtures.appendingPathComponent("../../Documentation/TESTING.md"), encoding: .utf8)
        for failure in failures {
            let group = failure.components(separatedBy: ": ").prefix(2).joined(separator: ": ")
            #expect(documented.contains(group), "not named in TESTING.md: \(group)")
        }
    }

    /// Runs every test of `files`; returns how many there were and the names of those that failed
    /// (`file: group: test`).
    static func run(files: [URL], dialect: SchemaDialect, formats: Bool) throws -> (Int, [String]) {
        var total = 0
        var failures: [String] = []
        for file in files where file.pathExtension == "json" {
            let document = try JSONParser.parse(Data(contentsOf: file))
            for group in document.children(of: document.root) {
                let description = group.string("description", in: document)
                let schemaNode = try #require(document.member("schema", of: group))
                let tests = try #require(document.member("tests", of: group))
                let options = SchemaOptions(dialect: dialect, formatAssertion: formats, loader: loader)
                let schema = Result { try SchemaValidator(try JSONParser.parse(document.subtreeBytes(schemaNode)), options: options) }
                for test in document.children(of: tests) {
                    total += 1
                    let name = "\(file.lastPathComponent): \(description): \(test.string("description", in: document))"
                    let expected = document.member("valid", of: test).flatMap(document.boolValue) ?? true
                    let data = try JSONParser.parse(document.subtreeBytes(try #require(document.member("data", of: test))))
                    switch schema {
                    case .success(let compiled):
                        let violations = compiled.violations(of: data)
                        if violations.isEmpty != expected || compiled.isValid(data) != expected { failures.append(name) }
                    case .failure:
                        failures.append(name)
                    }
                }
            }
        }
        return (total, failures)
    }

    static func files(under directory: URL, recursive: Bool = true) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().flatMap { name -> [URL] in
            let path = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory)
            if isDirectory.boolValue { return recursive ? files(under: path) : [] }
            return path.pathExtension == "json" ? [path] : []  // not the folders' READMEs
        }
    }
}

extension Document {
    /// The bytes of one node, to parse as a document of its own.
    fileprivate func subtreeBytes(_ node: NodeID) -> Data { bytes.subdata(in: byteRange(of: node)) }

    fileprivate func member(_ key: String, of node: NodeID) -> NodeID? { children(of: node).first { self.key(of: $0) == key } }
}

extension NodeID {
    fileprivate func string(_ key: String, in document: Document) -> String {
        document.children(of: self).first { document.key(of: $0) == key }.flatMap(document.value) ?? ""
    }
}
