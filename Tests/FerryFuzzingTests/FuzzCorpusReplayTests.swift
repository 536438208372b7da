import FerryFuzzing
import Foundation
import Testing

/// Replays, without the sanitizer build, every input the fuzzers found a crash, hang or leak with
/// (`Fixtures/fuzz-crashes/<target>/`, each fixed since) and the committed seed corpus
/// (`Fuzz/corpus/<target>/`): a reader that crashes on one of them again crashes this test process.
@Suite struct FuzzCorpusReplayTests {
    static let crashes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz-crashes")
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    /// The files of `folder/target`, sorted; none when the folder is missing.
    static func inputs(_ folder: URL, _ target: FuzzTarget) -> [URL] {
        let directory = folder.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }

    static func replay(_ file: URL, _ target: FuzzTarget) throws {
        let data = try Data(contentsOf: file)
        data.withUnsafeBytes { target.run($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func seedCorpusRunsWithoutCrashing(_ target: FuzzTarget) throws {
        let files = Self.inputs(Self.seeds, target)
        #expect(!files.isEmpty, "no seed corpus in Fuzz/corpus/\(target.rawValue)")
        for file in files { try Self.replay(file, target) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func foundCrashesStayFixed(_ target: FuzzTarget) throws {
        for file in Self.inputs(Self.crashes, target) { try Self.replay(file, target) }
    }

    /// A folder of found inputs under a name that is no target would never be replayed.
    @Test func everyCrashFolderNamesATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.crashes.path).filter { !$0.hasPrefix(".") }
        for folder in folders {
            #expect(FuzzTarget(rawValue: folder) != nil, "Fixtures/fuzz-crashes/\(folder) is not a fuzz target")
        }
    }
}
