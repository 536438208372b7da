import ArgumentParser
import FerryCore
import FerryStore
import Foundation

/// `ferry send`'s response-side flags: which serializer reads the body and what is acceptable.
/// Validation runs only when `--as`, `--remove-nulls` or an `--expect-…` flag is given; otherwise
/// any status is a success, as in curl, and the body is shown as it came. `--remove-nulls` alone
/// reads the body with `auto`.
public struct ResponseOptions: ParsableArguments, Sendable {
    @OptionGroup public var value: ValueOptions

    @Option(
        name: .customLong("expect-status"),
        help: ArgumentHelp("Acceptable status codes, e.g. 200-299,304 (default with --as: 200-299).", valueName: "list"))
    public var expectStatus: String?

    @Option(
        name: .customLong("expect-type"),
        help: ArgumentHelp(
            "Acceptable content types, e.g. application/json,text/* (default: the serializer's, or the request's Accept).",
            valueName: "list"))
    public var expectType: String?

    @Option(
        name: .customLong("expect-schema"),
        help: ArgumentHelp(
            "A JSON Schema the response body must satisfy (a JSON or YAML file; `openapi.yaml#/components/schemas/Pet` names one "
                + "schema of a document): a check, exit 3 when it fails.", valueName: "file"))
    public var expectSchema: String?

    public init() {}

    /// True when the response is to be validated and serialized rather than shown as it came.
    public var evaluates: Bool {
        value.kind != nil || value.removeNulls || expectStatus != nil || expectType != nil
    }

    /// The expectations these flags describe, or nil when none asks for validation. Without `--as`
    /// the body is read as it came (`data`), or as `auto` with `--remove-nulls`.
    public func expectations() throws -> ResponseExpectations? {
        guard evaluates else { return nil }
        var expectations = ResponseExpectations(serializer: value.kind ?? (value.removeNulls ? .auto : nil), removeNulls: value.removeNulls)
        if let expectStatus {
            guard let codes = StatusCodeSet(parsing: expectStatus) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--expect-status", problem: "expected codes or ranges of 100-599 such as 200-299,304"))
            }
            expectations.statusCodes = codes
        }
        if let expectType {
            let types = expectType.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !types.isEmpty, types.allSatisfy({ MediaType($0) != nil }) else {
                throw FerryError.invalidRequest(
                    reason: .invalidArgument(name: "--expect-type", problem: "expected media types such as application/json,text/*"))
            }
            expectations.contentTypes = types
        }
        return expectations
    }

    /// The check `--expect-schema` asks for, its schema compiled (relative paths from the working directory).
    public func schemaAssertion() throws -> Assertion? {
        guard let expectSchema else { return nil }
        let compiled: SchemaValidator
        do {
            compiled = try SchemaFile.compile(
                expectSchema, access: .unbounded(directory: FileManager.default.currentDirectoryPath), field: "--expect-schema",
                options: SchemaOptions(direction: .response))
        } catch {
            throw FerryError.invalidRequest(reason: .invalidArgument(name: "--expect-schema", problem: "\(error)"))
        }
        return Assertion(.schema(BodySchema(file: expectSchema, json: nil, compiled: compiled)), .compare(.equal, .bool(true)))
    }
}
