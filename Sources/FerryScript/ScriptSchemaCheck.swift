import CJavaScriptCore
import FerryCore
import Foundation

/// Ferry's JSON Schema validator (`SchemaValidator`) as scripts' `__ferrySchemaCheck`, behind `tv4`,
/// `require('ajv')` and Chai's `jsonSchema`: the answer is `{"valid":…,"errors":[{"pointer","keyword",
/// "schemaPath","message"}]}`, or `{"problem":…}` when the schema cannot be compiled.
enum ScriptSchemaCheck {
    /// Installed once, before the first context is made.
    static let installed: Void = ferry_js_set_schema_check { schema, instance, dialect in
        guard let schema, let instance, let dialect else { return nil }
        let answer = ScriptSchemaCheck.answer(
            schema: String(cString: schema), instance: String(cString: instance), dialect: String(cString: dialect))
        return strdup(answer)
    }

    /// The answer for `instance` against `schema` in `dialect` (a `$schema` name such as `draft-04`; empty: draft 7, as ajv 6).
    static func answer(schema: String, instance: String, dialect: String) -> String {
        let validator: SchemaValidator
        let document: Document
        do {
            let options = SchemaOptions(dialect: SchemaDialect(rawValue: dialect) ?? .draft7)
            validator = try SchemaValidator(try JSONParser.parse(Data(schema.utf8)), options: options)
            document = try JSONParser.parse(Data(instance.utf8))
        } catch {
            return "{\"problem\":" + JSONStringLiteral.make("\(error)") + "}"
        }
        let errors = validator.violations(of: document).map { violation in
            "{\"pointer\":" + JSONStringLiteral.make(violation.instancePointer) + ",\"keyword\":"
                + JSONStringLiteral.make(violation.keyword)
                + ",\"schemaPath\":" + JSONStringLiteral.make(violation.schemaLocation) + ",\"message\":"
                + JSONStringLiteral.make(violation.message) + "}"
        }
        return "{\"valid\":\(errors.isEmpty),\"errors\":[" + errors.joined(separator: ",") + "]}"
    }
}
