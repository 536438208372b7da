import FerryCore
import Foundation
import Testing

@Suite struct NodePathTests {
    @Test func jsonPathsRoundTripForEveryNode() throws {
        let document = try JSONParser.parse(Data(#"{"records": [{"tags": ["a", "b"]}, 2, {"a b": {"\"q\"": null}}], "_x1": true}"#.utf8))
        var nodes = [document.root]
        var index = 0
        while index < nodes.count {
            nodes.append(contentsOf: document.children(of: nodes[index]))
            index += 1
        }
        nodes.sort()
        let paths = nodes.map { NodePath.path(of: $0, in: document) }
        #expect(
            paths == [
                "$", "$.records", "$.records[0]", "$.records[0].tags", "$.records[0].tags[0]", "$.records[0].tags[1]",
                "$.records[1]", "$.records[2]", #"$.records[2]["a b"]"#, #"$.records[2]["a b"]["\"q\""]"#, "$._x1",
            ])
        for (node, path) in zip(nodes, paths) { #expect(try NodePath.resolve(path, in: document) == node) }
    }

    @Test func xmlPathsUsePositionsOnlyForSameNamedSiblings() throws {
        let document = try XMLDocumentParser.parse(Data(#"<root><item id="1">x</item><item id="2"/><!--c--><other/></root>"#.utf8))
        let items = document.children(of: document.root).filter { document.name(of: $0) == "item" }
        let id = try #require(document.child(of: items[1], at: 0))
        #expect(NodePath.path(of: id, in: document) == "/root/item[2]/@id")
        #expect(try NodePath.resolve("/root/item[2]/@id", in: document) == id)
        let text = try #require(document.child(of: items[0], at: 1))
        #expect(NodePath.path(of: text, in: document) == "/root/item[1]/text()")
        #expect(try NodePath.resolve("/root/comment()", in: document) == document.child(of: document.root, at: 2))
        #expect(try NodePath.resolve("/root/other", in: document) == document.child(of: document.root, at: 3))
    }

    @Test func badPathsSayWhere() throws {
        let document = try JSONParser.parse(Data(#"{"a": [1]}"#.utf8))
        #expect(throws: NodePath.Failure(position: 3, message: "no such node")) { try NodePath.resolve("$.a[1]", in: document) }
        #expect(throws: NodePath.Failure(position: 0, message: "expected `$`")) { try NodePath.resolve("a", in: document) }
        #expect(throws: NodePath.Failure(position: 5, message: "expected `]`")) { try NodePath.resolve("$.a[0", in: document) }
    }
}
