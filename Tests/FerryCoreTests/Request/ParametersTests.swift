import FerryCore
import Testing

/// Parameters from `--params-json` (Ferry's JSON parser) and from flat `key=value` pairs.
@Suite struct ParametersTests {
    @Test func jsonKeepsOrderTypesAndNumbersAsWritten() throws {
        let parameters = try Parameters(json: #"{"z": [1, 12345678901234567890123, -0.5e3], "a": {"t": true, "n": null}, "s": "é\n"}"#)
        #expect(
            parameters
                == .object([
                    ("z", .array([.number("1"), .number("12345678901234567890123"), .number("-0.5e3")])),
                    ("a", .object([("t", .bool(true)), ("n", .null)])),
                    ("s", .string("é\n")),
                ]))
        #expect(
            String(decoding: try JSONRequestSerializer().serialize(parameters), as: UTF8.self)
                == #"{"z":[1,12345678901234567890123,-0.5e3],"a":{"t":true,"n":null},"s":"é\n"}"#)
    }

    @Test(arguments: [
        (#"{"a": }"#, "not valid JSON at line 1, column 7"), ("[1]", "must be an object"),
        (String(repeating: "[", count: 300) + String(repeating: "]", count: 300), "must be an object"),
        (#"{"a":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}", "deeper than 256"),
    ])
    func unusableJSONIsInvalidParameters(text: String, problem: String) {
        #expect {
            try Parameters(json: text)
        } throws: { error in
            guard case FerryError.requestSerializationFailed(.invalidParameters(let found)) = error else { return false }
            return found.contains(problem)
        }
    }

    @Test func flatPairsKeepOrderAndGroupRepeats() {
        #expect(
            Parameters.flat([("b", "1"), ("a", "2"), ("b", "3"), ("b", "4")])
                == .object([("b", .array([.string("1"), .string("3"), .string("4")])), ("a", .string("2"))]))
    }
}
