import FerryTestSupport
import Foundation
import Testing

/// The import corpus (Tests/Fixtures/import-corpus, its README names each file's origin and
/// licence): OpenAPI documents, Postman, Insomnia and Bruno collections and `.http` files from
/// public repositories, none written for Ferry. Each is imported by the real binary with its format
/// recognised; the collection it writes is one Ferry reads back without a problem; and a sample of
/// its requests passes `ferry send --dry-run` with the environment the import wrote — or names the
/// variable the user still has to give (an API key, a host), or has no URL or a file the source
/// did not ship and the import's report says so: nothing else may stop a request.
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

    /// At most this many requests of a collection are sent with `--dry-run` (evenly spread).
    static let sampleSize = 8

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
        for request in Self.sample(Self.requestFiles(in: collection)) {
            let planned = await FerryBinary.run(["send", request, "--dry-run"] + environment)
            let reportedWithoutURL = planned.stderr.contains("the URL is empty") && imported.text.contains("the request has no URL")
            let missingFile = planned.stderr.firstMatch(of: #/does not exist \(path: (.+?)\)/#).map { String($0.output.1) }
            let reportedMissingFile = missingFile.map { imported.text.contains(($0 as NSString).lastPathComponent) } ?? false
            #expect(
                planned.status == 0 || planned.stderr.contains("has no value") || reportedWithoutURL || reportedMissingFile,
                "\(source): \((request as NSString).lastPathComponent) does not resolve (exit \(planned.status)): \(planned.stderr)")
        }
    }

    /// The request files below `root`, sorted.
    static func requestFiles(in root: String) -> [String] {
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return paths.filter { $0.hasSuffix(".ferry.yaml") && !$0.hasSuffix("_folder.ferry.yaml") }.sorted()
            .map { (root as NSString).appendingPathComponent($0) }
    }

    /// At most `sampleSize` of `files`, spread evenly from the first to the last.
    static func sample(_ files: [String]) -> [String] {
        guard files.count > sampleSize else { return files }
        return (0..<sampleSize).map { files[$0 * (files.count - 1) / (sampleSize - 1)] }
    }
}
