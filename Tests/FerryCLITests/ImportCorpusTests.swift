import FerryTestSupport
import Foundation
import Testing

/// The import corpus (Tests/Fixtures/import-corpus, its README names each file's origin and
/// licence): OpenAPI documents, Postman, Insomnia and Bruno collections and `.http` files from
/// public repositories, none written for Ferry. Each is imported by the real binary with its format
/// recognised; the collection it writes is one Ferry reads back without a problem; and every one of
/// its requests is dry-run (`ferry run --dry-run`, one process per collection) with the environment
/// the import wrote: it resolves, or it needs a value the source really lacks — a variable the
/// source never gives a value, a value captured or chained from a response, an OAuth 2.0 token —
/// or has no URL or a file the source did not ship and the import's report says so. The counts per
/// file are in Tests/Fixtures/import-corpus/README.md.
@Suite struct ImportCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/import-corpus").standardizedFileURL.path

    /// The corpus's sources, relative to it: the documents of each format's folder (postman/'s by
    /// the repository they came from) and the folders of bruno/ (a split OpenAPI document by its root file).
    static let sources: [String] = {
        let files = FileManager.default
        func entries(_ folder: String) -> [String] {
            ((try? files.contentsOfDirectory(atPath: (corpus as NSString).appendingPathComponent(folder))) ?? []).sorted()
                .filter { !$0.hasPrefix(".") && $0 != "README.md" && $0 != "LICENSE" }.map { folder + "/" + $0 }
        }
        let documents = ["openapi", "insomnia", "http"].flatMap(entries).filter { !$0.hasSuffix("redocly-starter") }
        let postman = entries("postman").flatMap(entries)
        return documents + ["openapi/redocly-starter/openapi/openapi.yaml"] + postman + entries("bruno")
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.sources.filter { $0.hasPrefix("openapi/") }.count >= 15)
        #expect(Self.sources.filter { $0.hasPrefix("insomnia/") }.count >= 5)
        #expect(Self.sources.filter { $0.hasPrefix("bruno/") }.count >= 5)
        #expect(Self.sources.filter { $0.hasPrefix("http/") }.count >= 5)
        #expect(Self.sources.filter { $0.hasPrefix("postman/") }.count >= 10)
    }

    @Test(arguments: sources)
    func importsIntoACollectionWhoseRequestsResolve(source: String) async throws {
        let directory = try TemporaryDirectory()
        let collection = directory.file("collection")
        let imported = await FerryBinary.run(
            ["import", (Self.corpus as NSString).appendingPathComponent(source), "--into", collection], timeout: 120)
        try #require(imported.status == 0, "\(source): \(imported.stderr)")

        let listing = await FerryBinary.run(["collection", "list", collection, "--json"])
        #expect(listing.status == 0, "\(source): \(listing.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: listing.stdout) as? [String: Any])
        #expect((document["problems"] as? [[String: Any]] ?? []).isEmpty, "\(source): \(document["problems"] ?? [])")

        let environments =
            ((try? FileManager.default.contentsOfDirectory(atPath: (collection as NSString).appendingPathComponent("environments"))) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
        let environment = environments.first.map { ["--env", String($0.dropLast(".yaml".count))] } ?? []
        guard !Self.requestFiles(in: collection).isEmpty else { return }  // Insomnia's basic export holds a workspace only
        let planned = await FerryBinary.run(["run", collection, "--dry-run", "--reporter", "json"] + environment, timeout: 120)
        #expect(planned.status == 0 || planned.status == 5, "\(source): \(planned.stderr)")
        let lines = try planned.text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(source): \(line)")
        }
        let summary = try #require(lines.last?["summary"] as? [String: Int], "\(source): \(planned.text.suffix(500))")
        #expect(summary["requests"] == Self.requestFiles(in: collection).count, "\(source): every request is dry-run")
        let text = try Self.text(of: source)
        for line in lines where line["status"] as? String == "unresolved" {
            let path = line["path"] as? String ?? "?"
            let cause = line["cause"] as? String ?? ""
            #expect(
                Self.needsWhatTheSourceLacks(line, sourceText: text, report: imported.text),
                "\(source): \(path) does not resolve: \(cause)")
        }
    }

    /// True when an unresolved request's cause is one the source accounts for: a value only a
    /// response gives (a capture, a chained value, an OAuth 2.0 token), a variable the source never
    /// gives a value, or no URL or a missing file the import's `report` named.
    static func needsWhatTheSourceLacks(_ line: [String: Any], sourceText: String, report: String) -> Bool {
        let cause = line["cause"] as? String ?? ""
        if let unreachable = line["unreachable"] as? [String: Any], let kind = unreachable["kind"] as? String {
            guard kind == "variable" else { return true }
            return !givesAValue(to: unreachable["name"] as? String ?? "", in: sourceText)
        }
        if cause.contains("the URL is empty") { return report.contains("the request has no URL") }
        if let missing = cause.firstMatch(of: #/does not exist \(path: (.+?)\)/#).map({ String($0.output.1) }) {
            return report.contains((missing as NSString).lastPathComponent)
        }
        return false
    }

    /// True when the source gives `name` a value where its format keeps variables: in a JSON source
    /// (Postman, Insomnia) an entry of a `variable`, `variables` or `values` list (`{"key": name,
    /// "value": "v"}`) or a member of a `data` object (`"name": "v"`); in the others a YAML or `.bru`
    /// line (`name: v`) or a `.http` file variable (`@name = v`).
    static func givesAValue(to name: String, in text: String) -> Bool {
        if let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) { return givesAValue(to: name, inJSON: json) }
        let quoted = NSRegularExpression.escapedPattern(for: name)
        return [#"(?m)^[ \t]*-?[ \t]*\#(quoted)[ \t]*:[ \t]*(\{\{|[^\s#{|>])"#, #"(?m)^[ \t]*@\#(quoted)[ \t]*=[ \t]*\S"#].contains {
            text.range(of: $0, options: .regularExpression) != nil
        }
    }

    private static func givesAValue(to name: String, inJSON node: Any) -> Bool {
        func filled(_ value: Any?) -> Bool { (value as? String).map { !$0.isEmpty } ?? (value is NSNumber) }
        if let list = node as? [Any] { return list.contains { givesAValue(to: name, inJSON: $0) } }
        guard let object = node as? [String: Any] else { return false }
        for (key, value) in object {
            if ["variable", "variables", "values"].contains(key), let entries = value as? [[String: Any]],
                entries.contains(where: { entry in
                    ["key", "id", "name"].contains { entry[$0] as? String == name } && filled(entry["value"] ?? entry["default"])
                })
            {
                return true
            }
            if key == "data", let data = value as? [String: Any], filled(data[name]) { return true }
            if givesAValue(to: name, inJSON: value) { return true }
        }
        return false
    }

    /// The source's text: the file, or every file below the folder (a Bruno collection, a split document's folder).
    static func text(of source: String) throws -> String {
        var path = (corpus as NSString).appendingPathComponent(source)
        if source.hasSuffix("redocly-starter/openapi/openapi.yaml") { path = (path as NSString).deletingLastPathComponent }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        }
        let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
        return try files.filter { !$0.hasSuffix(".png") }.map { file -> String in
            let full = (path as NSString).appendingPathComponent(file)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue else { return "" }
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: full)), as: UTF8.self)
        }.joined(separator: "\n")
    }

    /// The request files below `root`, sorted.
    static func requestFiles(in root: String) -> [String] {
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return paths.filter { $0.hasSuffix(".ferry.yaml") && !$0.hasSuffix("_folder.ferry.yaml") }.sorted()
            .map { (root as NSString).appendingPathComponent($0) }
    }
}
