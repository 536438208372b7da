import Foundation
import Testing
import Yams

@testable import FerryInterop

/// The OpenAPI importer's tree read from libyaml's events is the tree of the node Yams composes —
/// keys, merged keys, anchors, scalar styles and tags, lines and columns — and a syntax error is
/// the one Yams gives, at the same place.
@Suite struct YAMLEventReaderTests {
    static let snippets = [
        "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n",
        "base: &base {a: 1, b: [x, 'y', \"z\"]}\nother:\n  <<: *base\n  b: own\nlist: [*base, *base]\n",
        "several: &one {k: 1}\ntwo: &two {k: 2, m: 3}\nmerged: {<<: [*one, *two], n: 4}\n",
        "tagged: !!str 12\nint: !!int '7'\nnull: ~\nempty:\nblock: |\n  line one\n  line two\nfolded: >\n  a\n  b\n",
        "? plain key\n: value\n'quoted key': 1\n\"double\": 2\n",
        "{\"json\": [1, 2.5, true, null, {\"nested\": \"\\u00e9t\\u00e9\"}], \"s\": \"a\\nb\"}",
        "- a\n- - b\n  - c\n- {d: e}\n",
        "ünïcödé: värde\nkey: 'it''s'\n",
        "--- \nonly: one\n...\n",
        "# a comment only\nkey: value # trailing\n",
    ]

    static let broken = [
        "a: 'unterminated\nb: 2\n",
        "a: [1, 2\nb: 3\n",
        "a: b: c\n",
        "a: 1\n---\nb: 2\n",
        "a: *missing\n",
        "\t- tab\n",
        "a:\n  - b\n c: d\n",
        "key: \"bad escape \\q\"\n",
    ]

    /// Each node as a line: its place, kind, key or text, style and tag.
    static func lines(_ tree: DecodingTree) -> [String] {
        var lines: [String] = []
        func walk(_ node: Int32, _ label: String) {
            let place = tree.place(of: node) ?? "-"
            switch tree.kinds[Int(node)] {
            case .scalar:
                let scalar = tree.scalar(node)
                lines.append("\(label) \(place) scalar \(scalar.string.debugDescription) \(scalar.style) \(scalar.tag.rawValue)")
            case .mapping:
                lines.append("\(label) \(place) mapping")
                for (key, value) in tree.pairs(of: node) { walk(value, "\(label)/\(key ?? "?")") }
            case .sequence:
                lines.append("\(label) \(place) sequence")
                for (offset, position) in tree.run(of: node).enumerated() { walk(tree.children[position], "\(label)[\(offset)]") }
            case .alias:
                lines.append("\(label) \(place) alias")
            }
        }
        walk(tree.root, "")
        return lines
    }

    static func composed(_ text: String) throws -> [String] {
        lines(DecodingTree(try #require(try Yams.compose(yaml: text, Resolver.basic.appending(.merge)))))
    }

    static func read(_ text: String) throws -> [String] {
        lines(try #require(try YAMLEventReader.tree(of: text, source: "t.yaml")))
    }

    @Test(arguments: snippets)
    func aSnippetReadsAsYamsComposesIt(_ text: String) throws {
        #expect(try Self.read(text) == Self.composed(text))
    }

    @Test(arguments: ["oai-petstore-expanded.yaml", "oai-link-example.yaml", "museum-3.1.yaml", "sendgrid-stats.json"])
    func aCorpusDocumentReadsAsYamsComposesIt(_ name: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/import-corpus/openapi/\(name)").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let read = try Self.read(text)
        let composed = try Self.composed(text)
        #expect(read.count == composed.count)
        #expect(zip(read, composed).first { $0 != $1 }.map { "\($0) ≠ \($1)" } == nil)
    }

    @Test(arguments: broken)
    func aSyntaxErrorIsYamsErrorAtTheSamePlace(_ text: String) throws {
        var yams: ImportProblem?
        do {
            _ = try Yams.compose(yaml: text, Resolver.basic.appending(.merge))
        } catch {
            yams = OpenAPIDocumentReader.syntaxProblem(error, source: "t.yaml")
        }
        var events: ImportProblem?
        do {
            _ = try YAMLEventReader.tree(of: text, source: "t.yaml")
        } catch {
            events = error
        }
        let expected = try #require(yams, "Yams refuses \(text.debugDescription)")
        #expect(events?.place == expected.place)
        #expect(events?.message == expected.message)
    }

    @Test func repeatedKeysAndNonTextKeysAreRefusedAtTheirPlace() throws {
        #expect(throws: ImportProblem.self) { try YAMLEventReader.tree(of: "a: 1\nb: 2\na: 3\n", source: "t.yaml") }
        do {
            _ = try YAMLEventReader.tree(of: "a: 1\nb: 2\na: 3\n", source: "t.yaml")
        } catch {
            #expect(error.place == "line 1, column 1", "\(error)")
            #expect(error.message.contains("'a'"), "\(error)")
        }
        do {
            _ = try YAMLEventReader.tree(of: "ok: 1\n? [a, b]\n: c\n", source: "t.yaml")
            Issue.record("a list as a key is refused")
        } catch {
            #expect(error.place == "line 2, column 3", "\(error)")
        }
    }

    @Test func aliasesShareTheirNodeAndAnExpansionBombIsRefused() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        do {
            _ = try YAMLEventReader.tree(of: text, source: "bomb.yaml")
            Issue.record("ten million values are refused")
        } catch {
            #expect(error.message.contains("expands to more than"), "\(error)")
        }
    }
}
