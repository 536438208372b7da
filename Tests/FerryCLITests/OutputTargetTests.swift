import FerryServer
import FerryTestSupport
import Foundation
import Testing

/// `ferry send -o`: a regular file is replaced whole, while a device, FIFO or link is written as curl
/// writes it and stays what it was. Every target is made in a temporary folder; the real `/dev/null`
/// is never touched.
@Suite struct OutputTargetTests {
    /// The file type bits of `path` itself (not following a link).
    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// A null character device (1, 3) made in a temporary folder, or nil where the sandbox forbids mknod.
    private static func makeNullDevice(at path: String) -> Bool {
        mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
    }

    private static let canMakeDevices: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        return makeNullDevice(at: directory.file("probe"))
    }()

    @Test func aRegularFileIsReplacedWholeAndKeepsItsMode() async throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("body.bin", Data("old contents".utf8))
        chmod(target, 0o600)
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/bytes/20000?seed=4", "-o", target])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).count == 20000)
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["body.bin"])
    }

    @Test(.enabled(if: canMakeDevices, "mknod is not permitted here: the character-device case cannot be made"))
    func aCharacterDeviceStaysADevice() async throws {
        let directory = try TemporaryDirectory()
        let device = directory.file("null")
        #expect(Self.makeNullDevice(at: device))
        try await withDemoServer { server throws in
            let good = await FerryBinary.run(["send", "\(server.baseURL)/bytes/20000?seed=4", "-o", device])
            #expect(good.status == 0, "\(good.stderr)")
            #expect(fileType(device) == S_IFCHR)
            // A failed exchange must not remove the device either.
            let failed = await FerryBinary.run(["send", "\(server.baseURL)/misbehave/wrong-length", "-o", device])
            #expect(failed.status == 2)
            #expect(fileType(device) == S_IFCHR)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["null"])
    }

    @Test func aFIFOsReaderGetsTheWholeBodyAndTheFIFOStays() async throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = ReadInBackground(path: fifo)
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/bytes/20000?seed=4", "-o", fifo], timeout: 30)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let bytes = try #require(await received.value(timeout: 30), "the FIFO's reader never saw the writer close")
        #expect(bytes.count == 20000)
        #expect(fileType(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pipe"])
    }

    @Test func aLinksTargetIsWrittenAndTheLinkKept() async throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("target.bin", Data("old".utf8))
        let link = directory.file("link.bin")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.bin")
        let dangling = directory.file("dangling.bin")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "created.bin")
        try await withDemoServer { server throws in
            #expect(await FerryBinary.run(["send", "\(server.baseURL)/bytes/3000?seed=1", "-o", link]).status == 0)
            #expect(await FerryBinary.run(["send", "\(server.baseURL)/bytes/500?seed=2", "-o", dangling]).status == 0)
        }
        #expect(fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.bin")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).count == 3000)
        #expect(fileType(dangling) == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("created.bin"))).count == 500)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "created.bin", "dangling.bin", "link.bin", "target.bin",
            ])
    }

    @Test func aFolderOrALinkLoopIsRefusedByName() async throws {
        let directory = try TemporaryDirectory()
        let loop = directory.file("loop")
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop")
        try await withDemoServer { server throws in
            let folder = await FerryBinary.run(["send", "\(server.baseURL)/get", "-o", directory.path])
            #expect(folder.status == 4)
            #expect(folder.stderr.contains(directory.path) && folder.stderr.lowercased().contains("directory"), "\(folder.stderr)")
            let looping = await FerryBinary.run(["send", "\(server.baseURL)/get", "-o", loop])
            #expect(looping.status == 4)
            #expect(looping.stderr.contains(loop), "\(looping.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["loop"])
    }

    @Test func aDashIsStandardOutput() async throws {
        try await withDemoServer { server throws in
            let outcome = await FerryBinary.run(["send", "\(server.baseURL)/bytes/700?seed=3", "-o", "-"])
            #expect(outcome.status == 0)
            #expect(outcome.stdout.count == 700)
        }
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }
}

/// Reads a file (a FIFO) to its end on a thread of its own.
private final class ReadInBackground: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    init(path: String) {
        Thread { [self] in
            let bytes = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            lock.withLock { data = bytes }
        }.start()
    }

    /// The bytes read, or nil when the reader has not finished by the deadline.
    func value(timeout: TimeInterval) async -> Data? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let data = lock.withLock({ data }) { return data }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}
