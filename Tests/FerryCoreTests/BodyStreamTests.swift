import FerryCore
import FerryTestSupport
import Foundation
import Testing

@Suite struct BodyStreamTests {
    private func drain(_ stream: any BodyStream, chunk: Int = 7) throws -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    @Test func dataAndFileStreamsYieldTheirBytes() throws {
        let directory = try TemporaryDirectory()
        let bytes = Data((0..<1000).map { UInt8($0 % 251) })
        let path = try directory.write("body.bin", bytes)
        #expect(try drain(DataBodyStream(bytes)) == bytes)
        #expect(try drain(FileBodyStream(path: path)) == bytes)
        let source = try #require(try RequestBody.file(path: path).makeSource())
        #expect(source.length == 1000)
    }

    @Test func aFileThatGrowsOrShrinksWhileReadIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("body.bin", Data(repeating: 1, count: 100))
        let growing = try FileBodyStream(path: path)
        try Data(repeating: 2, count: 200).write(to: URL(fileURLWithPath: path))
        #expect(throws: FerryError.self) { try drain(growing) }

        try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: path))
        let shrinking = try FileBodyStream(path: path)
        try Data(repeating: 2, count: 10).write(to: URL(fileURLWithPath: path))
        do {
            _ = try drain(shrinking)
            Issue.record("expected an error")
        } catch let error as FerryError {
            #expect(ErrorChain(error).links[0].reason == "changedWhileReading")
        }
    }

    /// The file is measured when the request is built and opened when curl first asks for bytes:
    /// one that shrank in between must not be sent short under the longer `Content-Length`.
    @Test func aFileThatChangedBeforeItWasOpenedIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("body.bin", Data(repeating: 1, count: 100))
        let source = try #require(try RequestBody.file(path: path).makeSource())
        try Data(repeating: 2, count: 10).write(to: URL(fileURLWithPath: path))
        do {
            _ = try source.open()
            Issue.record("expected an error")
        } catch let error as FerryError {
            #expect(ErrorChain(error).links[0].reason == "changedWhileReading")
        }
    }

    @Test func missingFilesAndDirectoriesAreDistinctErrors() throws {
        let directory = try TemporaryDirectory()
        func reason(_ path: String) -> String? {
            do { _ = try FileBodyStream(path: path); return nil } catch { return ErrorChain(error).links.first?.reason }
        }
        #expect(reason(directory.file("missing")) == "unreadable")
        #expect(reason(directory.path) == "notARegularFile")
    }
}
