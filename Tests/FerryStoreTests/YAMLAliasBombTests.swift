import FerryCore
import FerryStore
import FerryTestSupport
import Foundation
import Testing

/// YAML aliases: a small reuse reads as written; an alias bomb is a located problem, not a crash or
/// a machine out of memory.
@Suite struct YAMLAliasBombTests {
    @Test func aReusedMappingReads() throws {
        let text = """
            url: http://h/x
            params:
              base: &base {page: 1, size: 20}
              first: *base
            """
        let description = try RequestDescription(yaml: text, path: "reuse.ferry.yaml")
        #expect(
            description.params
                == .object([
                    ("base", .object([("page", .number("1")), ("size", .number("20"))])),
                    ("first", .object([("page", .number("1")), ("size", .number("20"))])),
                ]))
    }

    @Test func anAliasBombIsAProblemWithItsPlace() {
        var lines = ["  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<10 {
            lines.append("  a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        let text = "url: http://h/x\nparams:\n" + lines.joined(separator: "\n") + "\n"
        do {
            _ = try RequestDescription(yaml: text, path: "bomb.ferry.yaml")
            Issue.record("a billion values were read")
        } catch {
            #expect(error.description.hasPrefix("bomb.ferry.yaml:"), "\(error)")
            #expect(error.description.contains("once its YAML aliases are expanded"), "\(error)")
        }
    }

    /// A request or environment file over 16 MiB is a problem naming it, read no further (a sparse
    /// file: nothing of it is written or read).
    @Test func aYAMLFileOverTheLimitIsAProblemNotParsed() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("huge.ferry.yaml", Data("url: http://h/x\n".utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let problem = try #require(throws: ConfigProblem.self) { try RequestDescription(contentsOf: path) }
        #expect(problem.description.contains("is 17 MiB, over the 16 MiB Ferry reads of a YAML file"), "\(problem)")
        #expect(problem.file == path)
    }
}
