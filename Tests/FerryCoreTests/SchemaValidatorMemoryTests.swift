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

    @Test func aCompileThatFailsFreesItsNodes() throws {
        // A circle that never descends into the value is refused once every node is made.
        let circle = ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##
        #expect(throws: SchemaProblem.self) { try SchemaValidator(try JSONParser.parse(Data(circle.utf8))) }
    }
}
