import FerryTestSupport
import Foundation
import Testing

/// Hurl's own integration cases (Tests/Fixtures/hurl-suite, its README names their origin and
/// licence) through the real binary (issue 29). Every case is imported with `ferry import hurl` and
/// those that drop nothing are counted; each is also run by `scripts/hurl-suite` against Hurl's
/// Flask modules kept beside the cases (`FERRY_HURL_SERVER` may name another folder of them). Both
/// hold a floor measured on the whole set, and every case that falls short must be named in
/// TESTING.md's table of the suite.
@Suite struct HurlSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL.path
    static let fixtures = (root as NSString).appendingPathComponent("Tests/Fixtures/hurl-suite")
    static let server = ProcessInfo.processInfo.environment["FERRY_HURL_SERVER"] ?? "\(fixtures)/tests_ok"

    /// The cases of `cases.tsv` (`TOPIC/NAME`).
    static let cases: [String] = {
        let table = (try? String(contentsOfFile: (fixtures as NSString).appendingPathComponent("cases.tsv"), encoding: .utf8)) ?? ""
        return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) }
    }()

    /// Cases imported with nothing dropped, and cases that pass against Hurl's server, as measured
    /// (TESTING.md); fewer is a regression.
    static let importedFloor = 42
    static let passedFloor = 41

    /// The names in TESTING.md's table of the suite's cases that do not pass.
    static let documentedFailures: Set<String> = {
        let testing =
            (try? String(contentsOfFile: (root as NSString).appendingPathComponent("Documentation/TESTING.md"), encoding: .utf8)) ?? ""
        let section =
            testing.components(separatedBy: "## Hurl's integration suite").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        return Set(section.matches(of: #/\n\| `([a-z0-9_]+/[a-z0-9_]+)` \| ✗/#).map { String($0.output.1) })
    }()

    @Test func everyCaseIsThere() {
        #expect(Self.cases.count >= 42)
        for name in Self.cases {
            #expect(FileManager.default.fileExists(atPath: "\(Self.fixtures)/tests_ok/\(name).hurl"), "\(name).hurl")
        }
    }

    @Test func casesImportWithNothingDropped() async throws {
        let directory = try TemporaryDirectory()
        var clean: [String] = []
        for name in Self.cases {
            // From the cases' folder, as Hurl's harness runs from integration/hurl (a `variables-file:` path is relative to it).
            let imported = await FerryBinary.run(
                ["import", "hurl", "tests_ok/\(name).hurl", "--into", directory.file(name.replacing("/", with: "-"))],
                directory: Self.fixtures)
            if imported.status == 0, !imported.text.contains("\n  dropped:") {
                clean.append(name)
            } else {
                #expect(
                    Self.documentedFailures.contains(name),
                    "\(name) drops or does not import and TESTING.md does not say why: \(imported.text)")
            }
        }
        #expect(clean.count >= Self.importedFloor, "imported cleanly: \(clean.count) of \(Self.cases.count)")
    }

    @Test func casesPassAgainstHurlsServer() async throws {
        let run = await ChildProcess.run(
            "/bin/bash",
            [
                "\(Self.root)/scripts/hurl-suite", Self.server, Self.fixtures,
                (FerryBinary.path as NSString).deletingLastPathComponent,
            ],
            timeout: 300)
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        let passed = lines.filter { $0.hasPrefix("✓ ") }.count
        for line in lines where line.hasPrefix("✗ ") {
            let name = String(line.dropFirst(2).prefix { $0 != " " })
            #expect(Self.documentedFailures.contains(name), "\(line) — not in TESTING.md's table")
        }
        #expect(passed >= Self.passedFloor, "\(passed) of \(Self.cases.count) passed: \(run.text)\(run.stderr)")
    }
}
