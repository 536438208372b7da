import FerryCore
import FerryTestSupport
import Foundation
import Testing

/// Multipart bodies byte for byte with a fixed boundary, the checks on file parts, and a file that
/// changes size while it is read.
@Suite struct MultipartFormDataTests {
    private func drain(_ source: BodyStreamSource, chunk: Int = 7) throws -> Data {
        let stream = try source.open()
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
            if count == 0 { return result }
            result.append(contentsOf: buffer[..<count])
        }
    }

    @Test func everyPartKindByteForByte() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("photo.png", Data("PNGDATA".utf8))
        var form = MultipartFormData(boundary: "B0undary")
        form.append(Data("Ferry ⛴".utf8), name: "title")
        form.append(Data("a\"b".utf8), name: "na\"me\r\n", fileName: "café \"x\".txt", mimeType: "text/plain")
        try form.appendFile(path: path, name: "file")
        try form.appendFile(path: path, name: "renamed", fileName: "other.bin", mimeType: "image/x-test")
        form.append(streamOfLength: 3, name: "stream", fileName: "s.dat", mimeType: "application/x-s") { DataBodyStream(Data("xyz".utf8)) }
        form.append(headers: ["X-Custom": "1"], body: .data(Data("raw".utf8)))
        let (contentType, source) = form.encoded()
        let expected =
            "--B0undary\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nFerry ⛴"
            + "\r\n--B0undary\r\nContent-Disposition: form-data; name=\"na%22me%0D%0A\"; filename=\"café %22x%22.txt\"\r\nContent-Type: text/plain\r\n\r\na\"b"
            + "\r\n--B0undary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.png\"\r\nContent-Type: image/png\r\n\r\nPNGDATA"
            + "\r\n--B0undary\r\nContent-Disposition: form-data; name=\"renamed\"; filename=\"other.bin\"\r\nContent-Type: image/x-test\r\n\r\nPNGDATA"
            + "\r\n--B0undary\r\nContent-Disposition: form-data; name=\"stream\"; filename=\"s.dat\"\r\nContent-Type: application/x-s\r\n\r\nxyz"
            + "\r\n--B0undary\r\nX-Custom: 1\r\n\r\nraw\r\n--B0undary--\r\n"
        #expect(contentType == "multipart/form-data; boundary=B0undary")
        for chunk in [1, 7, 1 << 16] {
            #expect(try drain(source, chunk: chunk) == Data(expected.utf8))
        }
        #expect(source.length == Int64(expected.utf8.count))
    }

    @Test func parametersBecomeFieldsFirst() throws {
        var form = MultipartFormData(boundary: "b")
        form.appendFields(.object([("z", .null), ("a", .array([.string("1")]))]), naming: QueryStringEncoder())
        let text = String(decoding: try drain(form.encoded().source), as: UTF8.self)
        #expect(
            text
                == "--b\r\nContent-Disposition: form-data; name=\"a[]\"\r\n\r\n1\r\n--b\r\nContent-Disposition: form-data; name=\"z\"\r\n\r\n\r\n--b--\r\n"
        )
    }

    @Test func randomBoundaryNeverOccursInMemoryParts() throws {
        var form = MultipartFormData()
        form.append(Data("--ferry-".utf8), name: "a")
        let (first, _) = form.encoded()
        let (second, _) = form.encoded()
        #expect(first.hasPrefix("multipart/form-data; boundary=ferry-"))
        #expect(first != second)
        let boundary = String(first.split(separator: "=").last!)
        #expect(boundary.count == 38)
    }

    @Test func unknownExtensionsAreOctetStream() {
        #expect(MIMETypes.type(forPath: "a/b.JSON") == "application/json")
        #expect(MIMETypes.type(forPath: "x.nosuchext") == "application/octet-stream")
        #expect(MIMETypes.type(forPath: "noext") == "application/octet-stream")
        #expect(MIMETypes.parse("# c\ntext/a  aa ab\ntext/b\tab\n") == ["aa": "text/a", "ab": "text/a"])
    }

    @Test func badFilePartsAreDistinctErrorsWithTheirPOSIXCause() throws {
        let directory = try TemporaryDirectory()
        let locked = try directory.write("locked.txt", Data("x".utf8))
        chmod(locked, 0)
        let fifo = directory.file("pipe")
        mkfifo(fifo, 0o600)
        var form = MultipartFormData()
        func reason(_ path: String) -> String? {
            do { try form.appendFile(path: path, name: "f"); return nil } catch { return ErrorChain(error).links.first?.reason }
        }
        #expect(reason(directory.file("missing")) == "fileNotFound")
        #expect(reason(directory.path) == "fileIsDirectory")
        #expect(reason(fifo) == "fileNotRegular")
        if getuid() != 0 { #expect(reason(locked) == "fileNotReadable") }
        #expect(throws: Never.self) { try form.appendFile(path: "/etc/hostname", name: "ok") }
        do {
            try form.appendFile(path: directory.file("missing"), name: "f")
        } catch let error as FerryError {
            #expect((error.underlyingError as? POSIXError)?.code == .ENOENT)
        }
    }

    @Test(arguments: [true, false])
    func aFileThatChangesSizeStopsTheBody(grows: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("data.bin", Data(repeating: 7, count: 100_000))
        var form = MultipartFormData(boundary: "b")
        try form.appendFile(path: path, name: "f")
        let source = form.encoded().source
        let stream = try source.open()
        var buffer = [UInt8](repeating: 0, count: 1000)
        _ = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        if grows { handle.seekToEndOfFile(); handle.write(Data(repeating: 1, count: 10)) } else { handle.truncateFile(atOffset: 50_000) }
        try handle.close()
        #expect {
            while try buffer.withUnsafeMutableBytes({ try stream.read(into: $0) }) > 0 {}
        } throws: { error in
            guard case FerryError.multipartEncodingFailed(.fileChangedDuringUpload(let found, let expected, _)) = error else {
                return false
            }
            return found == path && expected == 100_000
        }
    }

    @Test func theBodyFileIsWrittenWholeOrNotAtAll() throws {
        let directory = try TemporaryDirectory()
        var form = MultipartFormData(boundary: "b")
        form.append(Data("v".utf8), name: "k")
        let source = form.encoded().source
        let target = directory.file("body.txt")
        #expect(try RequestBodyFile.write(.stream(source), to: target) == source.length)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == (try drain(source)))
        let failing = BodyStreamSource(length: 10) {
            throw FerryError.multipartEncodingFailed(reason: .inputStreamReadFailed(error: POSIXError(.EIO)))
        }
        #expect(throws: FerryError.self) { try RequestBodyFile.write(.stream(failing), to: target) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["body.txt"])
        #expect(throws: FerryError.self) { try RequestBodyFile.write(.bytes(Data()), to: directory.file("no/such/dir/x")) }
    }
}
