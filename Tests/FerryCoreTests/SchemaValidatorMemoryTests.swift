import Foundation
import Testing

@testable import FerryCore

/// A recursive schema (`$ref`s in a circle, as a tree's node refers to its children) is a cycle of
/// compiled nodes; they are freed with the validator, and when the compile fails.
@Suite struct SchemaValidatorMemoryTests {
    static let recursive =
        ##"{"$defs": {"node": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"}"##

    @Test func aRecursiveSchemasNodesAreFreedWithItsValidator() throws {
        weak var root: SchemaNode?
        do {
            let validator = try SchemaValidator(try JSONParser.parse(Data(Self.recursive.utf8)))
            #expect(validator.isValid(try JSONParser.parse(Data(#"{"children": [{"children": []}]}"#.utf8))))
            root = validator.root
            #expect(root != nil)
        }
        #expect(root == nil, "the nodes of a $ref cycle outlived their validator")
    }

    /// A validator keeps its last walk for the next instance, but not the instance itself; and what a
    /// walk found does not leak into the next one's verdict.
    @Test func aValidatorKeepsNoInstanceAndEachCheckStartsAfresh() throws {
        let validator = try SchemaValidator(
            try JSONParser.parse(Data(#"{"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}"#.utf8)))
        weak var checked: Document?
        do {
            let instance = try JSONParser.parse(Data(#"{"a": "x", "b": {"c": [1, 2]}}"#.utf8))
            checked = instance
            #expect(validator.violations(of: instance).map(\.instancePointer) == ["/a"])
        }
        #expect(checked == nil, "the validator kept the instance it checked")
        let valid = try JSONParser.parse(Data(#"{"a": 1}"#.utf8))
        for _ in 0..<3 {
            #expect(validator.violations(of: valid).isEmpty)
            #expect(validator.isValid(valid))
            #expect(validator.violations(of: try JSONParser.parse(Data("{}".utf8))).map(\.keyword) == ["required"])
        }
    }

    @Test func aCompileThatFailsFreesItsNodes() throws {
        // A circle that never descends into the value is refused once every node is made.
        let circle = ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##
        #expect(throws: SchemaProblem.self) { try SchemaValidator(try JSONParser.parse(Data(circle.utf8))) }
    }
}
