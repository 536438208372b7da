import FerryCore
import Foundation
import Testing

/// What a violation carries (pointer, offset, keyword, schema location), OpenAPI's dialect, and bad
/// schemas refused with a located problem in bounded time: a `$ref` circle, a pattern that
/// backtracks catastrophically, a 10,000-deep `allOf` chain, an unknown `$schema`.
@Suite struct SchemaValidatorTests {
    static func document(_ text: String) throws -> Document { try JSONParser.parse(Data(text.utf8)) }

    static func compile(_ schema: String, options: SchemaOptions = SchemaOptions(), pointer: String = "") throws -> SchemaValidator {
        try SchemaValidator(try document(schema), pointer: pointer, options: options)
    }

    @Test func aViolationSaysWhereInTheInstanceAndInTheSchema() throws {
        let openAPI = """
            {"openapi": "3.0.3", "components": {"schemas": {
              "Pet": {"type": "object", "required": ["id", "name"],
                      "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "tag": {"type": "string", "nullable": true}}},
              "Pets": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}
            """
        let schema = try Self.compile(openAPI, pointer: "/components/schemas/Pets")
        #expect(schema.dialect == .openAPI30)
        let instance = try Self.document(#"[{"id": 1, "name": "Rex", "tag": null}, {"id": "2", "name": "Tom"}, {"id": 3}]"#)
        let violations = schema.violations(of: instance)
        #expect(violations.map(\.instancePointer) == ["/1/id", "/2"])
        #expect(violations.map(\.keyword) == ["type", "required"])
        #expect(violations[0].schemaLocation == "#/components/schemas/Pet/properties/id/type")
        #expect(violations[0].offset == 47)
        #expect(instance.literal(of: violations[0].node) == #""2""#)
        #expect(violations[1].message.contains("`name`"))
        #expect(SchemaViolationText.line(violations[0], in: instance).hasPrefix("✗ /1/id (1:48): expected integer, found string"))
    }

    @Test func numbersAreComparedAsWrittenDecimals() throws {
        let schema = try Self.compile(#"{"multipleOf": 0.01, "maximum": 12345678901234567890}"#)
        #expect(schema.isValid(try Self.document("19.99")))
        #expect(!schema.isValid(try Self.document("19.999")))
        #expect(schema.isValid(try Self.document("12345678901234567890")))
        #expect(!schema.isValid(try Self.document("12345678901234567891")))
    }

    @Test func writeOnlyPropertiesHaveNoPlaceInAResponse() throws {
        let schema = """
            {"openapi": "3.0.0", "components": {"schemas": {"User": {"properties": {"password": {"type": "string", "writeOnly": true}}}}}}
            """
        let instance = try Self.document(#"{"password": "x"}"#)
        let response = try Self.compile(schema, options: SchemaOptions(direction: .response), pointer: "/components/schemas/User")
        #expect(response.violations(of: instance).map(\.keyword) == ["writeOnly"])
        let request = try Self.compile(schema, options: SchemaOptions(direction: .request), pointer: "/components/schemas/User")
        #expect(request.violations(of: instance).isEmpty)
    }

    @Test func formatIsAnAnnotationUnlessAsserted() throws {
        let instance = try Self.document(#""2026-02-30""#)
        #expect(try Self.compile(#"{"format": "date"}"#).isValid(instance))
        #expect(!(try Self.compile(#"{"format": "date"}"#, options: SchemaOptions(formatAssertion: true)).isValid(instance)))
    }

    @Test func aCircleOfReferencesIsRefusedWithItsPath() throws {
        let text = ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##
        let problem = try #require(throws: SchemaProblem.self) { try Self.compile(text) }
        #expect(problem.message.contains("refers back to itself"))
        #expect(problem.message.contains("#/$defs/a"))
        #expect(problem.line == 1)
        // A reference that descends into the value is no circle.
        let tree = try Self.compile(##"{"properties": {"child": {"$ref": "#"}}, "required": ["name"]}"##)
        #expect(!tree.isValid(try Self.document(#"{"name": 1, "child": {"child": {}}}"#)))
    }

    @Test func aPatternThatBacktracksIsStoppedAndNamed() throws {
        let schema = try Self.compile(#"{"pattern": "^(a+)+$"}"#)
        let violations = schema.violations(of: try Self.document("\"" + String(repeating: "a", count: 40) + "!\""))
        #expect(violations.count == 1)
        #expect(violations.first?.keyword == "pattern")
    }

    @Test func aDeepAllOfChainIsALocatedProblem() throws {
        // 10,000 levels nest 20,000 deep in JSON: the parser refuses them, at their offset.
        let deep = String(repeating: #"{"allOf": ["#, count: 10_000) + "{}" + String(repeating: "]}", count: 10_000)
        #expect(throws: DocumentParseError.self) { try Self.document(deep) }
        // 4,000 levels parse, and the schema reader refuses them past its own limit, located.
        let chain = String(repeating: #"{"allOf": ["#, count: 4_000) + "{}" + String(repeating: "]}", count: 4_000)
        let problem = try #require(throws: SchemaProblem.self) { try Self.compile(chain) }
        #expect(problem.message.contains("deeper than"))
        #expect(problem.pointer.hasPrefix("#/allOf/0/allOf/0"))
    }

    @Test func anUnknownSchemaDraftIsALocatedProblem() throws {
        let problem = try #require(throws: SchemaProblem.self) {
            try Self.compile("{\n  \"$schema\": \"https://example.com/my-draft\"\n}")
        }
        #expect(problem.line == 2)
        #expect(problem.column == 14)
        #expect(problem.message.contains("unknown `$schema`"))
    }

    @Test func aReferenceToNowhereIsALocatedProblem() throws {
        let problem = try #require(throws: SchemaProblem.self) {
            try Self.compile(##"{"properties": {"a": {"$ref": "#/$defs/missing"}}}"##)
        }
        #expect(problem.pointer == "#/properties/a/$ref")
        #expect(problem.message.contains("leads nowhere"))
    }
}

extension SchemaValidatorTests {
    @Test func aDiscriminatorReportsTheBranchTheValueNames() throws {
        let openAPI = """
            {"openapi": "3.0.3", "components": {"schemas": {
              "Pet": {"oneOf": [{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}],
                      "discriminator": {"propertyName": "kind", "mapping": {"hound": "Dog"}}},
              "Dog": {"type": "object", "required": ["kind", "bark"], "properties": {"bark": {"type": "boolean"}}},
              "Cat": {"type": "object", "required": ["kind", "lives"], "properties": {"lives": {"type": "integer"}}}}}}
            """
        let schema = try Self.compile(openAPI, pointer: "/components/schemas/Pet")
        #expect(schema.isValid(try Self.document(#"{"kind": "Cat", "lives": 9}"#)))
        let wrong = schema.violations(of: try Self.document(#"{"kind": "Cat", "lives": "nine"}"#))
        #expect(wrong.map(\.instancePointer) == ["/lives"])
        #expect(wrong.first?.schemaLocation == "#/components/schemas/Cat/properties/lives/type")
        let hound = schema.violations(of: try Self.document(#"{"kind": "hound"}"#))
        #expect(hound.map(\.schemaLocation) == ["#/components/schemas/Dog/required"])
        let unnamed = schema.violations(of: try Self.document(#"{"lives": 9}"#))
        #expect(unnamed.map(\.keyword) == ["discriminator"])
    }

    /// Members are found by their keys' bytes in the body: a key written with escapes is the name
    /// it decodes to, a repeated property keeps its first schema, and each keyword still names its members.
    @Test func membersAreFoundByTheirKeysAsWrittenOrEscaped() throws {
        let schema = try Self.compile(
            #"""
            {"type": "object", "required": ["name", "id", "tag"], "additionalProperties": false, "patternProperties": {"^x-": {}},
             "properties": {"id": {"type": "integer"}, "name": {"type": "string", "enum": ["Rex", "Zoë \"the dog\""]}, "tag": {},
                            "id": {"type": "string"}}}
            """#)
        #expect(schema.isValid(try Self.document(#"{"n\u0061me": "Rex", "id": 1, "tag": 2, "x-note": 3}"#)))
        let violations = schema.violations(
            of: try Self.document(#"{"n\u0061me": "Zo\u00eb \"the dog\"", "id": "1", "other": 2, "x-note": 3}"#))
        #expect(violations.map(\.keyword) == ["required", "type", "additionalProperties"])
        #expect(violations.map(\.instancePointer) == ["", "/id", ""])
        #expect(violations[0].message == "lacks the required `tag`")
        #expect(violations[2].message == "has properties the schema does not allow: `other`")
        let wrongName = schema.violations(of: try Self.document(#"{"name": "Zoë", "id": 1, "tag": 2}"#))
        #expect(wrongName.map(\.keyword) == ["enum"])
        #expect(wrongName.map(\.instancePointer) == ["/name"])
    }
}
