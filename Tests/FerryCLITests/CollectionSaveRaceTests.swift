import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// Saves under stress: writers killed with SIGKILL mid-save, and several writers at once.
@Suite struct CollectionSaveRaceTests {
    /// Members of the saved JSON body: a file of about 120 KB, within one argument's 128 KiB limit.
    static let memberCount = 2500

    /// `ferry send … --dry-run --save` arguments whose saved file is large and names its `version`.
    private func saveArguments(version: Int, directory: String) -> [String] {
        let members = (0..<Self.memberCount).map { "\"key\($0)\": \"value \($0) of version \(version)\"" }.joined(separator: ", ")
        return [
            "send", "http://example.test/upload", "-X", "POST", "--encode", "json", "--keep-key-order",
            "--params-json", "{\"version\": \(version), \(members)}", "--dry-run", "--save", "big", "--collection", directory,
        ]
    }

    /// The saved file parses whole, and holds one complete version (every member of that version).
    private func checkIntact(_ path: String, versions: Range<Int>) throws {
        let document = try RequestDescription(contentsOf: path)
        guard case .json(.object(let members)) = document.body else {
            Issue.record("unexpected body \(document.body)")
            return
        }
        guard case .number(let text)? = members.first?.value, let version = Int(text) else {
            Issue.record("no version in \(path)")
            return
        }
        #expect(versions.contains(version))
        #expect(members.count == Self.memberCount + 1)
        #expect(members.last?.value == .string("value \(Self.memberCount - 1) of version \(version)"))
    }

    @Test func aWriterKilledMidSaveLeavesTheOldFileWhole() async throws {
        let directory = try TemporaryDirectory()
        let first = await FerryBinary.run(saveArguments(version: 0, directory: directory.path))
        #expect(first.status == 0, "\(first.stderr)")
        var killed = 0
        for version in 1...25 {
            let process = FerryBinary.start(saveArguments(version: version, directory: directory.path))
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...120)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            await FerryBinary.waitForExit(process)
            try checkIntact(directory.file("big.ferry.yaml"), versions: 0..<(version + 1))
        }
        #expect(killed > 0)
        _ = try RequestCollection(root: directory.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["big.ferry.yaml"])
    }

    @Test func writersSavingAtOnceCorruptNothing() async throws {
        let directory = try TemporaryDirectory()
        let processes = (0..<8).map { FerryBinary.start(saveArguments(version: $0, directory: directory.path)) }
        for process in processes { await FerryBinary.waitForExit(process) }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        try checkIntact(directory.file("big.ferry.yaml"), versions: 0..<8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["big.ferry.yaml"])
    }
}
