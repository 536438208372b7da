import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// A YAML file read in one `open` and `read`: its text whole, a byte-order mark dropped, and a file
/// that is missing, a folder or not UTF-8 a problem naming it.
@Suite struct YAMLFileReadingTests {
    @Test func aFileReadsWhole() throws {
        let directory = try TemporaryDirectory()
        let long = "url: http://h/x\nheaders:\n" + (0..<2_000).map { "  - X-\($0): \(String(repeating: "é", count: 20))\n" }.joined()
        let path = try directory.write("long.ferry.yaml", Data(long.utf8))
        #expect(try RequestDescription(contentsOf: path).headers.count == 2_000)
        let empty = try directory.write("empty.ferry.yaml", Data())
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(contentsOf: empty) }
        #expect(problem.description.contains("is missing"), "\(problem)")
    }

    @Test func aByteOrderMarkIsNotText() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bom.ferry.yaml", Data([0xEF, 0xBB, 0xBF] + Array("url: http://h/x\nname: marked\n".utf8)))
        let request = try RequestDescription(contentsOf: path)
        #expect(request.name == "marked" && request.url == "http://h/x")
    }

    @Test(arguments: ["missing.ferry.yaml", "folder.ferry.yaml", "latin1.ferry.yaml"])
    func aFileThatCannotBeReadIsAProblemNamingIt(_ name: String) throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("folder.ferry.yaml"), withIntermediateDirectories: true)
        _ = try directory.write("latin1.ferry.yaml", Data(Array("url: http://h/caf".utf8) + [0xE9, 0x0A]))
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(contentsOf: directory.file(name)) }
        #expect(problem.file == directory.file(name))
        #expect(problem.description.contains("cannot be read ("), "\(problem)")
    }
}
