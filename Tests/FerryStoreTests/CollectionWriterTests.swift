import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// `ferry import`'s all-or-nothing writes into a real folder: what Ferry could not read back is never
/// written, and the temporary folder of a write that was killed is removed by the next one.
@Suite struct CollectionWriterTests {
    private func file(_ path: String, _ text: String) -> CollectionWriter.File {
        CollectionWriter.File(path: path, contents: Data(text.utf8))
    }

    @Test func aFileFerryCannotReadBackStopsTheWholeWrite() throws {
        let directory = try TemporaryDirectory()
        let writer = CollectionWriter(root: directory.path)
        let error = try #require(throws: StoreError.self) {
            try writer.write(
                [file("good.ferry.yaml", "url: http://x.test/\n"), file("bad/broken.ferry.yaml", "url: http://x.test/\nmethod: [\n")],
                force: false)
        }
        #expect(error.description.hasPrefix("nothing was written: bad/broken.ferry.yaml could not be read back by Ferry ("), "\(error)")
        #expect(
            error.description.contains(directory.file("bad/broken.ferry.yaml")), "the problem names the file where it would be: \(error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func theTemporaryFolderOfAKilledWriteIsRemovedByTheNext() throws {
        let directory = try TemporaryDirectory()
        let manager = FileManager.default
        // A process that has ended: its pid is free (a pid is not reused this soon on Linux).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = directory.file(".ferry-import-\(ended.processIdentifier)-aB3dE9")
        let live = directory.file(".ferry-import-\(getpid())-Zz9yX8")
        let old = directory.file(".ferry-import-Qw1eR2")
        for folder in [abandoned, live, old] {
            try manager.createDirectory(atPath: folder + "/deep", withIntermediateDirectories: true)
            _ = manager.createFile(atPath: folder + "/deep/a.ferry.yaml", contents: Data("url: http://x.test/\n".utf8))
        }
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old)
        try CollectionWriter(root: directory.path).write([file("new.ferry.yaml", "url: http://x.test/\n")], force: false)
        #expect(!manager.fileExists(atPath: abandoned))
        #expect(!manager.fileExists(atPath: old), "an older version's folder, untouched for an hour")
        #expect(manager.fileExists(atPath: live), "a write still running keeps its folder")
        #expect(manager.fileExists(atPath: directory.file("new.ferry.yaml")))
    }
}
