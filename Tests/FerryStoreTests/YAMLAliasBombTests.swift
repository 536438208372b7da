import FerryCore
import FerryStore
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
}
