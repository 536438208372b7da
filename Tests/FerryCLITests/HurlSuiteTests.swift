import FerryTestSupport
import Foundation
import Testing

/// Hurl's own integration cases — two samples, `Tests/Fixtures/hurl-suite` (today's topic folders)
/// and `hurl-suite-flat` (the cases before they moved into them); their READMEs name origin and
/// licence — through the real binary (issue 29). Every case is imported with `ferry import hurl`
/// and those that drop nothing are counted; each is also run by `scripts/hurl-suite` against Hurl's
/// Flask modules kept beside the cases (`FERRY_HURL_SERVER` may name another folder of them for
/// the first sample). Both hold a floor measured on the whole set, and every case that falls short
/// must be named in TESTING.md's table of the suite.
@Suite struct HurlSuiteTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL.path

    /// One sample of cases, its folder and its floors: cases imported with nothing dropped, and
    /// cases that pass against Hurl's server, as measured (TESTING.md); fewer is a regression.
    struct Sample: CustomTestStringConvertible, Sendable {
        var folder: String
        var importedFloor: Int
        var passedFloor: Int

        var fixtures: String { (HurlSuiteTests.root as NSString).appendingPathComponent("Tests/Fixtures/\(folder)") }
        var server: String {
            folder == "hurl-suite"
                ? ProcessInfo.processInfo.environment["FERRY_HURL_SERVER"] ?? "\(fixtures)/tests_ok" : "\(fixtures)/tests_ok"
        }
        var testDescription: String { folder }

        /// The cases of `cases.tsv` (`TOPIC/NAME`, or `NAME` in the flat sample).
        var cases: [String] {
            let table = (try? String(contentsOfFile: (fixtures as NSString).appendingPathComponent("cases.tsv"), encoding: .utf8)) ?? ""
            return table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
                $0.split(separator: "\t").first.map(String.init)
            }
        }
    }

    static let samples = [
        Sample(folder: "hurl-suite", importedFloor: 42, passedFloor: 41),
        Sample(folder: "hurl-suite-flat", importedFloor: 21, passedFloor: 20),
    ]

    /// The names in TESTING.md's table of the suite's cases that do not pass.
    static let documentedFailures: Set<String> = {
        let testing =
            (try? String(contentsOfFile: (root as NSString).appendingPathComponent("Documentation/TESTING.md"), encoding: .utf8)) ?? ""
        let section =
            testing.components(separatedBy: "## Hurl's integration suite").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        return Set(section.matches(of: #/\n\| `([a-z0-9_]+(?:/[a-z0-9_]+)?)` \| ✗/#).map { String($0.output.1) })
    }()

    @Test(arguments: samples) func everyCaseIsThere(_ sample: Sample) {
        #expect(sample.cases.count >= sample.importedFloor)
        for name in sample.cases {
            #expect(FileManager.default.fileExists(atPath: "\(sample.fixtures)/tests_ok/\(name).hurl"), "\(name).hurl")
        }
    }

    @Test(arguments: samples) func casesImportWithNothingDropped(_ sample: Sample) async throws {
        let directory = try TemporaryDirectory()
        var clean: [String] = []
        for name in sample.cases {
            // From the cases' folder, as Hurl's harness runs from integration/hurl (a `variables-file:` path is relative to it).
            let imported = await FerryBinary.run(
                ["import", "hurl", "tests_ok/\(name).hurl", "--into", directory.file(name.replacing("/", with: "-"))],
                directory: sample.fixtures)
            if imported.status == 0, !imported.text.contains("\n  dropped:") {
                clean.append(name)
            } else {
                #expect(
                    Self.documentedFailures.contains(name),
                    "\(name) drops or does not import and TESTING.md does not say why: \(imported.text)")
            }
        }
        #expect(clean.count >= sample.importedFloor, "imported cleanly: \(clean.count) of \(sample.cases.count)")
    }

    /// One sample at a time: both serve on Hurl's port 8000.
    @Test(.serialized, arguments: samples) func casesPassAgainstHurlsServer(_ sample: Sample) async throws {
        let run = await ChildProcess.run(
            "/bin/bash",
            [
                "\(Self.root)/scripts/hurl-suite", sample.server, sample.fixtures,
                (FerryBinary.path as NSString).deletingLastPathComponent,
            ],
            timeout: 300)
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
        let passed = lines.filter { $0.hasPrefix("✓ ") }.count
        for line in lines where line.hasPrefix("✗ ") {
            let name = String(line.dropFirst(2).prefix { $0 != " " })
            #expect(Self.documentedFailures.contains(name), "\(line) — not in TESTING.md's table")
        }
        #expect(passed >= sample.passedFloor, "\(passed) of \(sample.cases.count) passed: \(run.text)\(run.stderr)")
    }
}
